import { randomInt, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import request, { type Response } from 'supertest';
import type { Job } from 'bullmq';
import { Redis } from 'ioredis';
import { parseConfig } from '@tullab/config';
import { jobDefaults, unseal, type Envelope } from '@tullab/events';
import { redactPaths, signIdentity, type Caller } from '@tullab/http';
import { dropSchema, serviceTestEnv, uniqueName } from '@tullab/testing';
import { configShape, startService, type Config, type CookieRequest, type IdentityService } from '../src';

export const INTERNAL_SECRET = 'identity-test-secret-'.padEnd(48, 's');

export const visitor = (ip: string): Caller => ({
  userId: null,
  role: null,
  verificationStatus: 'none',
  sessionId: null,
  ip,
});

/** A random private address, so per-IP limits of one test do not touch another's. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface OutboxRow {
  id: string;
  name: string;
  payload: {
    to: string;
    template: string;
    data: Record<string, string>;
    sealed?: string;
    expiresAt?: string;
  };
  enqueued_at: Date | null;
}

export interface TestIdentity {
  service: IdentityService;
  url: string;
  config: Config;
  /** every JSON log line the service wrote */
  logs: string[];
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  client(ip?: string): TestClient;
  /** POST /internal/sessions/resolve as the gateway does it */
  resolve(token: string): Promise<Response>;
  /** adds an envelope to identity's queue under its own job id and waits until the worker is done with it */
  deliver(envelope: Envelope, jobId?: string): Promise<Job>;
  mails(to: string): Promise<OutboxRow[]>;
  close(): Promise<void>;
}

/** Starts identity in this process on a schema and queue prefix of its own (ADR 001), with its logs captured. */
export async function startIdentity(env: Record<string, string> = {}): Promise<TestIdentity> {
  const config = parseConfig(configShape, {
    ...(await serviceTestEnv('identity', INTERNAL_SECRET)),
    LOG_LEVEL: 'info',
    ...env,
  });
  const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DB_SCHEMA: schema, QUEUE_PREFIX: prefix } = config;
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const log = pino(
    { level: 'info', base: { service: 'identity' }, redact: { paths: redactPaths, censor: '[redacted]' } },
    sink,
  );
  const service = await startService(config, log);
  const sql = async <T>(query: string, params: unknown[] = []) =>
    (await service.deps.orm.em.getConnection().execute(query, params)) as T[];

  return {
    service,
    url: service.url,
    config,
    logs,
    sql,
    client: (ip = randomIp()) => new TestClient(service.url, ip),
    resolve: (token) =>
      request(service.url)
        .post('/internal/sessions/resolve')
        .set(signIdentity(visitor('127.0.0.1'), INTERNAL_SECRET))
        .send({ token }),
    async deliver(envelope, jobId = `t-${randomUUID()}`) {
      const queue = service.deps.publisher.queue('identity');
      await queue.add(envelope.name, envelope, { ...jobDefaults, jobId });
      return waitFor(async () => {
        const job = await queue.getJob(jobId);
        const state = await job?.getState();
        return (state === 'completed' || state === 'failed') && job;
      });
    },
    mails: (to) =>
      sql<OutboxRow>(
        "select id, name, payload, enqueued_at from outbox where name = 'email.requested' and payload->>'to' = ? order by occurred_at",
        [to],
      ),
    async close() {
      await service.close();
      await dropSchema(databaseUrl, schema);
      await deleteRedisKeys(redisUrl, prefix).catch(() => undefined);
    },
  };
}

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}

/** The code sealed into an `email.requested` row (what notifications would put in the mail). */
export function codeOf(row: OutboxRow): string {
  if (!row.payload.sealed) throw new Error('no sealed value in this mail');
  return unseal(INTERNAL_SECRET, row.payload.sealed).code;
}

/**
 * A browser behind the gateway: keeps the `sid` and `pwreset` cookies identity asks for, resolves the session
 * before every call and signs the identity header, as the gateway does (ADR 001).
 */
export class TestClient {
  sid: string | null = null;
  pwreset: string | null = null;

  constructor(
    readonly url: string,
    readonly ip: string,
  ) {}

  async caller(): Promise<Caller> {
    if (this.sid) {
      const res = await request(this.url)
        .post('/internal/sessions/resolve')
        .set(signIdentity(visitor(this.ip), INTERNAL_SECRET))
        .send({ token: this.sid });
      if (res.status === 200) return { ...(res.body as Omit<Caller, 'ip'>), ip: this.ip };
    }
    return visitor(this.ip);
  }

  async send(method: 'get' | 'post' | 'patch', path: string, body?: object): Promise<Response> {
    const agent = request(this.url);
    let req = agent[method](path).set(signIdentity(await this.caller(), INTERNAL_SECRET));
    if (this.pwreset) req = req.set('x-tullab-pwreset', this.pwreset);
    const res = body === undefined ? await req : await req.send(body);
    const asked = res.headers['x-tullab-set-cookie'];
    if (typeof asked === 'string') {
      for (const cookie of JSON.parse(asked) as CookieRequest[]) {
        if (cookie.name === 'sid') this.sid = cookie.value;
        else this.pwreset = cookie.value;
      }
    }
    return res;
  }

  get = (path: string) => this.send('get', path);
  post = (path: string, body: object = {}) => this.send('post', path, body);
  patch = (path: string, body: object = {}) => this.send('patch', path, body);
}

let counter = 0;

export const newStudent = (overrides: Record<string, unknown> = {}) => ({
  email: `${uniqueName(`student${(counter += 1)}`)}@example.com`,
  password: 'a long and unusual passphrase 7',
  firstName: 'Layla',
  lastName: 'Hassan',
  phone: '+971 50 123 4567',
  emailMarketing: true,
  whatsappMarketing: false,
  role: 'student',
  ...overrides,
});

/** Registers a student with a fresh client; returns both. */
export async function registered(identity: TestIdentity, overrides: Record<string, unknown> = {}) {
  const student = newStudent(overrides);
  const client = identity.client();
  const res = await client.post('/auth/register', student);
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${res.text}`);
  return { student, client, user: res.body.user as { id: string; email: string } };
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
