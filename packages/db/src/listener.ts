import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Logger } from '@tullab/log';

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
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const SETTLED = 'settled:';

export interface ListenOptions {
  orm: MikroORM;
  databaseUrl: string;
  /** the channel a trigger notifies on; its payload is `<schema>` or `<schema>:<detail>` */
  channel: string;
  /** only this schema's notifications count (tests run many schemas in one database) */
  schema: string;
  log: Logger;
  /** each notification's detail ('' for none), in commit order: the next one waits until this one is handled */
  onNotification(detail: string): void | Promise<void>;
  /** false when the connection drops (notifications may be missed until it is back), true once listening again */
  onListening(listening: boolean): void | Promise<void>;
}

export interface PostgresListener {
  /** whether notifications are being heard right now */
  readonly listening: boolean;
  /**
   * Resolves once every notification committed before the call has been handled (a notification of its own goes
   * through the same channel, and PostgreSQL delivers in commit order), or at once while not listening.
   */
  settled(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps one PostgreSQL connection (the `pg` driver MikroORM uses) listening on `channel` and hands this schema's
 * notifications to `onNotification` one after another. It reconnects with backoff; while it is away `onListening`
 * has said false, so whoever relies on the notifications stops trusting what they cached.
 */
export function listenToPostgres(options: ListenOptions): PostgresListener {
  const { orm, databaseUrl, channel, schema, log } = options;
  if (!IDENTIFIER.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  const { Client } = (orm.em.getConnection() as PostgreSqlConnection).getKnex().client.driver as {
    Client: ClientClass;
  };
  let client: ListenClient | null = null;
  let listening = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let stopped = false;
  let handled: Promise<void> = Promise.resolve();
  const waiting = new Map<string, () => void>();

  const setListening = (value: boolean) => {
    if (listening === value) return;
    listening = value;
    handled = handled.then(() => options.onListening(value)).catch(report);
    if (!value) for (const release of waiting.values()) release();
  };
  const report = (err: unknown) =>
    log.error({ err: (err as Error)?.message, channel }, 'notification not handled');

  const onMessage = (payload: string | undefined) => {
    if (!payload || (payload !== schema && !payload.startsWith(`${schema}:`))) return;
    const detail = payload.slice(schema.length + 1);
    if (detail.startsWith(SETTLED)) {
      const release = waiting.get(detail.slice(SETTLED.length));
      if (release) handled = handled.then(release);
      return;
    }
    handled = handled.then(() => options.onNotification(detail)).catch(report);
  };

  const retry = () => {
    setListening(false);
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
    const current = new Client({ connectionString: databaseUrl, application_name: `${channel}:${schema}` });
    client = current;
    current.on('notification', ({ payload }) => onMessage(payload));
    current.on('error', (err) => {
      log.warn({ err: err?.message, channel }, 'listener lost its connection');
      void current.end().catch(() => undefined);
      if (client === current) retry();
    });
    current.on('end', () => {
      if (client === current) retry();
    });
    try {
      await current.connect();
      await current.query(`listen ${channel}`);
      if (stopped) return void (await current.end());
      failures = 0;
      setListening(true);
    } catch (err) {
      log.warn({ err: (err as Error).message, channel }, 'listener could not connect; retrying');
      void current.end().catch(() => undefined);
      if (client === current) retry();
    }
  };

  void connect();
  return {
    get listening() {
      return listening;
    },
    async settled(timeoutMs = 2000) {
      if (!listening) return;
      const id = randomUUID();
      const done = new Promise<void>((resolve) => {
        const timeout = setTimeout(() => {
          log.warn({ channel, timeoutMs }, 'notifications not settled in time');
          resolve();
        }, timeoutMs);
        waiting.set(id, () => {
          clearTimeout(timeout);
          resolve();
        });
      });
      try {
        await orm.em
          .getConnection()
          .execute('select pg_notify(?, ?)', [channel, `${schema}:${SETTLED}${id}`]);
        await done;
      } catch (err) {
        log.warn({ err: (err as Error).message, channel }, 'could not wait for notifications');
      } finally {
        waiting.delete(id);
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      setListening(false);
      await current?.end().catch(() => undefined);
      await handled;
    },
  };
}
