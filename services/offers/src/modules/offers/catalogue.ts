import { createHash } from 'node:crypto';
import type { PostgresListener } from '@tullab/db';
import { EVERYTHING, relayToGateways } from '@tullab/broadcasts';
import type { ServiceDeps } from '@tullab/runtime';
import type { Config } from '../../config';

/** One rendering of `GET /offers`: the JSON bytes and their strong ETag. */
export interface CataloguePage {
  body: Buffer;
  etag: string;
  /**
   * until when the page stays right unless a change is announced (epoch ms), or null when changes are not being
   * heard: then nobody may keep it
   */
  keptUntil: number | null;
}

export interface CatalogueSnapshot {
  offers: unknown[];
  /** when the first listed offer expires (the page must be rebuilt then), or null */
  nextExpiry: Date | null;
}

/** Even with every change announced, a page is rebuilt after a minute: a listener that died silently costs little. */
const MAX_AGE_MS = 60_000;

/**
 * The public catalogue, rendered once and served from memory until something changes. Offer changes are announced by
 * the `offer` table's trigger (`pg_notify('offer_catalogue', <schema>)` on commit, so every process hears exactly
 * the committed changes, the worker's `currentUses` updates included); {@link listenForChanges} calls
 * {@link invalidate}. While no listener is connected nothing is kept: each request renders (concurrent ones share one
 * rendering). A page also ends when an offer on it expires.
 */
export class CatalogueCache {
  private page: { value: CataloguePage; until: number } | null = null;
  private rendering: { generation: number; value: Promise<CataloguePage> } | null = null;
  private generation = 0;
  private trusted = false;
  /** the connection that hears the changes, once {@link listenForChanges} has started it */
  private listener: PostgresListener | null = null;

  constructor(private readonly snapshot: () => Promise<CatalogueSnapshot>) {}

  /**
   * Resolves once every offer change committed so far has been heard here and broadcast to the gateways (or, when
   * the broadcast cannot be published, once no gateway trusts its copy any more), so a staff change is answered
   * only when no replica still shows the catalogue before it (decision 005, T27).
   */
  settled(): Promise<void> {
    return this.listener?.settled() ?? Promise.resolve();
  }

  async get(): Promise<CataloguePage> {
    if (this.page && Date.now() < this.page.until) return this.page.value;
    if (this.rendering?.generation === this.generation) return this.rendering.value;
    const generation = this.generation;
    const value = this.render(generation).finally(() => {
      if (this.rendering?.generation === generation) this.rendering = null;
    });
    this.rendering = { generation, value };
    return value;
  }

  /** Something changed: the next request renders again. */
  invalidate(): void {
    this.generation += 1;
    this.page = null;
  }

  listenWith(listener: PostgresListener): void {
    this.listener = listener;
  }

  /** Whether changes are being heard; an untrusted cache keeps nothing. */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.invalidate();
  }

  private async render(generation: number): Promise<CataloguePage> {
    const { offers, nextExpiry } = await this.snapshot();
    const body = Buffer.from(JSON.stringify(offers));
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
    if (!this.trusted || generation !== this.generation) return { body, etag, keptUntil: null };
    const until = Math.min(Date.now() + MAX_AGE_MS, nextExpiry?.getTime() ?? Infinity);
    const value = { body, etag, keptUntil: until };
    this.page = { value, until };
    return value;
  }
}

/**
 * Listens on `offer_catalogue` for this schema's changes: each one invalidates the cache and is broadcast to the
 * gateways, which keep a compressed copy of their own (decision 005), retried until published (T27). While the
 * connection is down the cache is untrusted; once it is back the gateways are told to drop theirs, since changes may
 * have been missed. Returns how to stop.
 */
export function listenForChanges(
  deps: Pick<ServiceDeps<Config>, 'orm' | 'config' | 'redis' | 'log'>,
  cache: CatalogueCache,
): () => Promise<void> {
  const { orm, config, redis, log } = deps;
  const listener = relayToGateways({
    orm,
    databaseUrl: config.DATABASE_URL,
    channel: 'offer_catalogue',
    schema: config.DB_SCHEMA,
    log,
    redis,
    prefix: config.QUEUE_PREFIX,
    topic: 'catalogue',
    messageOf: () => EVERYTHING,
    onNotification: () => cache.invalidate(),
    onListening: (listening) => cache.setTrusted(listening),
  });
  cache.listenWith(listener);
  return () => listener.stop();
}
