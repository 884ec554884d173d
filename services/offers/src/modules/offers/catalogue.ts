import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Logger } from '@tullab/http';

/** One rendering of `GET /offers`: the JSON bytes and their strong ETag. */
export interface CataloguePage {
  body: Buffer;
  etag: string;
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

  constructor(private readonly snapshot: () => Promise<CatalogueSnapshot>) {}

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

  /** Whether changes are being heard; an untrusted cache keeps nothing. */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.invalidate();
  }

  private async render(generation: number): Promise<CataloguePage> {
    const { offers, nextExpiry } = await this.snapshot();
    const body = Buffer.from(JSON.stringify(offers));
    const value = { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
    if (this.trusted && generation === this.generation) {
      const until = Math.min(Date.now() + MAX_AGE_MS, nextExpiry?.getTime() ?? Infinity);
      this.page = { value, until };
    }
    return value;
  }
}

/** The part of a `pg` client the listener uses. */
interface ListenClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error' | 'end', listener: (err?: Error) => void): void;
  end(): Promise<void>;
}
type ClientClass = new (options: { connectionString: string; application_name: string }) => ListenClient;

const RETRY_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * Keeps one PostgreSQL connection (the `pg` driver MikroORM uses) listening on `offer_catalogue` and invalidates the
 * cache for each change in `schema`. When the connection drops the cache is untrusted until it is back; it reconnects
 * with backoff. Returns how to stop.
 */
export function listenForChanges(
  orm: MikroORM,
  databaseUrl: string,
  schema: string,
  cache: CatalogueCache,
  log: Logger,
): () => Promise<void> {
  const { Client } = (orm.em.getConnection() as PostgreSqlConnection).getKnex().client.driver as {
    Client: ClientClass;
  };
  let client: ListenClient | null = null;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let stopped = false;

  const retry = () => {
    cache.setTrusted(false);
    if (stopped || timer) return;
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
    failures += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
  };

  const connect = async () => {
    // named, so operators (and tests) can see it in pg_stat_activity
    const current = new Client({
      connectionString: databaseUrl,
      application_name: `offers-catalogue:${schema}`,
    });
    client = current;
    current.on('notification', ({ payload }) => {
      if (payload === schema) cache.invalidate();
    });
    current.on('error', (err) => {
      log.warn({ err: err?.message }, 'catalogue listener lost its connection');
      void current.end().catch(() => undefined);
      if (client === current) retry();
    });
    current.on('end', () => {
      if (client === current) retry();
    });
    try {
      await current.connect();
      await current.query('listen offer_catalogue');
      if (stopped) return void (await current.end());
      failures = 0;
      cache.setTrusted(true);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'catalogue listener could not connect; retrying');
      void current.end().catch(() => undefined);
      if (client === current) retry();
    }
  };

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    cache.setTrusted(false);
    await current?.end().catch(() => undefined);
  };
}
