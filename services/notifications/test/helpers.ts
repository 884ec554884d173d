import { Writable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import pino from 'pino';
import type { Redis } from 'ioredis';
import { Publisher, createEnvelope, createRedis } from '@tullab/events';
import { type EmailRequestedPayload } from '@tullab/contracts';
import { redactPaths, type Logger } from '@tullab/log';
import { signIdentity } from '@tullab/http';
import { parseConfig } from '@tullab/config';
import {
  dropSchema,
  serviceTestEnv,
  startedPairForTests,
  startSmtpCatcher,
  type SmtpCatcher,
} from '@tullab/testing';
import {
  EmailSchema,
  configShape,
  startService,
  type Config,
  type Email,
  type Dispatcher,
  type NotificationsService,
} from '../src';
import { contextOf } from '../src/context';

export const INTERNAL_SECRET = 'notifications-test-secret-'.padEnd(48, 'x');
export const SUPPORT_EMAIL = 'support@tullab.test';

/** Every log line the service wrote, as text (to check that no secret reaches the logs). */
export class LogSink extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.lines.push(chunk.toString('utf8'));
    done();
  }
  get text(): string {
    return this.lines.join('');
  }
}

export interface Harness {
  service: NotificationsService;
  /** the service's mail dispatcher (a test may `runOnce()` it instead of waiting for its poll) */
  dispatcher: Dispatcher;
  config: Config;
  logs: LogSink;
  /** a producer as identity would be: its own Redis connection and Publisher on the same prefix */
  publisher: Publisher;
  em(): EntityManager;
  publish(payload: EmailRequestedPayload, id?: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts notifications in-process on its own schema and queue prefix, with short retry knobs. */
export async function startHarness(env: Record<string, string>): Promise<Harness> {
  const config: Config = parseConfig(configShape, {
    ...(await serviceTestEnv('notifications', INTERNAL_SECRET)),
    SUPPORT_EMAIL,
    LOG_LEVEL: 'debug',
    MAIL_RETRY_BASE_MS: '100',
    MAIL_RETRY_MAX_MS: '400',
    MAIL_DISPATCH_INTERVAL_MS: '300',
    ...env,
  });
  const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DB_SCHEMA: schema } = config;
  const logs = new LogSink();
  const log: Logger = pino(
    {
      level: 'debug',
      base: { service: 'notifications' },
      redact: { paths: redactPaths, censor: '[redacted]' },
    },
    logs,
  );
  const service = await startService(config, log);
  const producerLog = pino({ level: 'silent' });
  const redis: Redis = createRedis(redisUrl, 'producer', producerLog);
  const publisher = new Publisher(redis, config.QUEUE_PREFIX, producerLog);

  return {
    service,
    dispatcher: contextOf(service.deps).dispatcher,
    config,
    logs,
    publisher,
    em: () => service.deps.orm.em.fork(),
    async publish(payload, id) {
      const envelope = createEnvelope('email.requested', payload, { id, requestId: 'test-request' });
      await publisher.publish(envelope);
      return envelope.id;
    },
    async close() {
      await publisher.close();
      redis.disconnect();
      await service.close();
      await dropSchema(databaseUrl, schema);
    },
  };
}

/**
 * Notifications and a real SMTP catcher for the tests of the file that calls this: started before its tests
 * (notifications mailing to the catcher, with `env` besides) and closed after them, notifications first. The catcher
 * accepts mail again after each test, whatever a test had it refuse. Both objects are empty while the file loads.
 */
export function mailingForTests(env: Record<string, string> = {}): {
  harness: Harness;
  catcher: SmtpCatcher;
} {
  const [catcher, harness] = startedPairForTests(startSmtpCatcher, (caught) =>
    startHarness({ SMTP_URL: caught.url, ...env }),
  );
  afterEach(() => catcher.refuse(null));
  return { harness, catcher };
}

/** Signed headers as the gateway sends them, for a visitor from `ip`. */
export function visitorHeaders(ip = '198.51.100.7'): Record<string, string> {
  return signIdentity(
    { userId: null, role: null, verificationStatus: 'none', sessionId: null, ip },
    INTERNAL_SECRET,
    'notifications',
  );
}

export async function until<T>(
  read: () => Promise<T> | T,
  ok: (value: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end)
      throw new Error(`condition not met within ${ms} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function emailRow(harness: Harness, id: string): Promise<Email | null> {
  return harness.em().findOne(EmailSchema, { id }, { disableIdentityMap: true });
}

/** Every row of every table in the service's schema, as JSON text (to check that no secret is stored). */
export async function dumpSchema(harness: Harness): Promise<string> {
  const connection = harness.service.deps.orm.em.getConnection();
  const tables = await connection.execute<Array<{ table_name: string }>>(
    'select table_name from information_schema.tables where table_schema = ?',
    [harness.config.DB_SCHEMA],
  );
  const dumps: string[] = [];
  for (const { table_name: table } of tables) {
    const rows = await connection.execute('select * from ??.??', [harness.config.DB_SCHEMA, table]);
    dumps.push(`${table}: ${JSON.stringify(rows)}`);
  }
  return dumps.join('\n');
}
