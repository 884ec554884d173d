import type { BroadcastListener } from '@tullab/broadcasts';
import { EVERYTHING } from '@tullab/broadcasts';
import type { Caller } from '@tullab/http';

/** A session as identity resolved it: the caller for the identity header and the user GET /api/auth/user shows. */
export interface ResolvedSession {
  caller: Omit<Caller, 'ip'>;
  user: unknown;
}

/**
 * How long a resolved session is kept at most. It must not pass identity's touch interval (60 s), so an active
 * session is seen by identity often enough to stay alive (idle expiry).
 */
export const SESSION_CACHE_MS = 30_000;
/** Sessions kept at most; the oldest go first. */
const MAX_SESSIONS = 100_000;

interface Entry {
  session: ResolvedSession;
  until: number;
}

/**
 * Resolved sessions, by the SHA-256 of their token, kept for {@link SESSION_CACHE_MS} or until identity's own bound
 * (decision 005). Identity broadcasts the user id of every change to a user or their sessions (sign-out, password,
 * role, disabling, status, profile) and `*` when it may have missed some; either drops what is kept. A kept session
 * is used only once the broadcasts sent before the request have been heard and identity's heartbeats say none is
 * waiting to be published ({@link fresh}, T27), since identity answers such a change once it has broadcast it (or
 * once no gateway trusts what it keeps), not once every gateway has heard it. While the broadcast subscription is
 * down nothing is kept, so every request asks identity, as before the cache.
 */
export class SessionCache implements BroadcastListener {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private subscribed = false;
  private generation = 0;

  /** `caughtUp`: resolves true once every sessions broadcast sent before the call has been heard (Broadcasts.caughtUp) */
  constructor(private readonly caughtUp: () => Promise<boolean>) {}

  /** Taken before asking identity: an answer is kept only if nothing was dropped in between. */
  get mark(): number {
    return this.generation;
  }

  get(key: string, now = Date.now()): ResolvedSession | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until > now) return entry.session;
    this.remove(key, entry);
    return null;
  }

  /**
   * The session kept under `key`, once every broadcast sent before this call has been heard: a sign-out answered
   * by identity just before this request arrived has then dropped it. Null when nothing is kept or the broadcasts
   * cannot be caught up with (ask identity).
   */
  async fresh(key: string): Promise<ResolvedSession | null> {
    if (!this.get(key)) return null;
    return (await this.caughtUp()) ? this.get(key) : null;
  }

  /** Sessions kept now, expired ones not yet dropped included. */
  get size(): number {
    return this.entries.size;
  }

  /** Keeps a session resolved since `mark` until `until` (identity's bound) or the cache's own limit. */
  set(key: string, session: ResolvedSession, until: number, mark: number, now = Date.now()): void {
    if (!this.subscribed || mark !== this.generation || until <= now) return;
    this.dropExpired(now);
    if (this.entries.size >= MAX_SESSIONS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.delete(key);
    this.entries.set(key, { session, until: Math.min(until, now + SESSION_CACHE_MS) });
    const userId = session.caller.userId;
    if (userId) {
      let keys = this.byUser.get(userId);
      if (!keys) this.byUser.set(userId, (keys = new Set()));
      keys.add(key);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry) this.remove(key, entry);
  }

  onMessage(userId: string): void {
    this.generation += 1;
    if (userId === EVERYTHING) return this.clear();
    for (const key of this.byUser.get(userId) ?? []) this.entries.delete(key);
    this.byUser.delete(userId);
  }

  onSubscribed(subscribed: boolean): void {
    this.subscribed = subscribed;
    this.generation += 1;
    this.clear();
  }

  /**
   * Drops expired sessions from the oldest end. The map keeps the order sessions were set in and each expires at most
   * SESSION_CACHE_MS after, so this stops at the first one still live and what stays is about the sessions set in the
   * last SESSION_CACHE_MS. Without it a session nobody asked for again (a browser closed without signing out) stayed
   * until MAX_SESSIONS newer ones pushed it out: the gateway's memory grew with every sign-in (found by npm run soak).
   */
  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.until > now) return;
      this.remove(key, entry);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    const userId = entry.session.caller.userId;
    const keys = userId ? this.byUser.get(userId) : undefined;
    keys?.delete(key);
    if (keys?.size === 0) this.byUser.delete(userId!);
  }

  private clear(): void {
    this.entries.clear();
    this.byUser.clear();
  }
}
