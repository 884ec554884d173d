import { randomInt, randomUUID } from 'node:crypto';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import type { EntityManager } from '@mikro-orm/core';
import type { Job } from 'bullmq';
import request from 'supertest';
import { parseConfig } from '@tullab/config';
import { jobDefaults, type Envelope } from '@tullab/events';
import { signIdentity, type Role } from '@tullab/http';
import {
  deleteRedisKeys,
  dropSchema,
  s3EnvOf,
  serviceTestEnv,
  startS3Server,
  type S3Server,
} from '@tullab/testing';
import { configShape, startService, type Config, type OffersService } from '../src';

export const INTERNAL_SECRET = 'offers-test-secret-'.padEnd(48, 's');
export const SUPPORT_EMAIL = 'support@tullab.test';

export interface TestOffers {
  service: OffersService;
  url: string;
  config: Config;
  s3: S3Server;
  /** a fresh EntityManager on the service's ORM */
  em(): EntityManager;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** `email.requested` rows of the outbox to one address, oldest first */
  mails(to: string): Promise<MailRow[]>;
  /** the tracking events stored for an offer (in `offer.activity_recorded` rows of the outbox), oldest first */
  tracked(offerId: string): Promise<TrackedEvent[]>;
  /** the offer's `currentUses` as stored */
  usesOf(offerId: string): Promise<number>;
  /** adds an envelope to offers' queue under a job id of its own and waits until the worker is done with it */
  deliver(envelope: Envelope, jobId?: string): Promise<Job>;
  /** waits until every event in the outbox has been relayed and handled */
  drained(): Promise<void>;
  close(): Promise<void>;
}

export interface TrackedEvent {
  id: string;
  kind: string;
  offerId: string;
  userId: string | null;
  active: boolean;
  visitor: string | null;
  occurredAt: string;
  /** the outbox row (the batch) it was stored in */
  batchId: string;
}

export interface MailRow {
  id: string;
  payload: { to: string; template: string; data: Record<string, string>; language?: 'en' | 'ar' };
}

/** Starts offers in this process on a schema, queue prefix and S3 server of its own (ADR 001). */
export async function startOffers(env: Record<string, string> = {}): Promise<TestOffers> {
  const s3 = await startS3Server();
  const config = parseConfig(configShape, {
    ...(await serviceTestEnv('offers', INTERNAL_SECRET)),
    ...s3EnvOf(s3),
    SUPPORT_EMAIL,
    ...env,
  });
  const service = await startService(config);
  const em = () => service.deps.orm.em.fork();
  const sql = async <T>(query: string, params: unknown[] = []) =>
    (await em().getConnection().execute(query, params)) as T[];
  const queue = () => service.deps.publisher.queue('offers');
  return {
    service,
    url: service.url,
    config,
    s3,
    em,
    sql,
    mails: (to) =>
      sql<MailRow>(
        "select id, payload from outbox where name = 'email.requested' and payload->>'to' = ? order by occurred_at, id",
        [to],
      ),
    tracked: (offerId) =>
      sql<TrackedEvent>(
        `select e->>'id' as id, e->>'kind' as kind, e->>'offerId' as "offerId", e->>'userId' as "userId",
           (e->'active')::boolean as active, e->>'visitor' as visitor, e->>'occurredAt' as "occurredAt",
           outbox.id as "batchId"
         from outbox, jsonb_array_elements(payload->'events') e
         where name = 'offer.activity_recorded' and e->>'offerId' = ? order by e->>'occurredAt', e->>'id'`,
        [offerId],
      ),
    usesOf: async (offerId) =>
      (await sql<{ current_uses: number }>('select current_uses from offer where id = ?', [offerId]))[0]
        .current_uses,
    async deliver(envelope, jobId = `t-${randomUUID()}`) {
      await queue().add(envelope.name, envelope, { ...jobDefaults, jobId });
      await waitFor(async () => {
        const state = await queue().getJobState(jobId);
        return state === 'completed' || state === 'failed';
      });
      // read once it is done: a copy fetched earlier would still show the attempt as not made
      return (await queue().getJob(jobId))!;
    },
    async drained() {
      await waitFor(async () => {
        await service.deps.relay.runOnce();
        const [{ unsent }] = await sql<{ unsent: string }>(
          'select count(*) as unsent from outbox where enqueued_at is null',
        );
        const counts = await queue().getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return Number(unsent) === 0 && Object.values(counts).every((n) => n === 0);
      }, 15_000);
    },
    async close() {
      await service.close();
      await dropSchema(config.DATABASE_URL, config.DB_SCHEMA);
      await deleteRedisKeys(config.REDIS_URL, config.QUEUE_PREFIX).catch(() => undefined);
      await s3.close();
    },
  };
}

/** A random private address, so per-IP limits of one test do not touch another's. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface CallerOptions {
  userId?: string;
  verificationStatus?: string;
  ip?: string;
}

/** The signed identity headers the gateway sends for a visitor (`role` null) or a signed-in user of `role`. */
export function as(role: Role | null, options: CallerOptions = {}): Record<string, string> {
  return signIdentity(
    {
      userId: role ? (options.userId ?? randomUUID()) : null,
      role,
      verificationStatus: options.verificationStatus ?? 'none',
      sessionId: role ? randomUUID() : null,
      ip: options.ip ?? randomIp(),
    },
    INTERNAL_SECRET,
    'offers',
  );
}

/** A student with `active` verification; the same `userId` makes the same student. */
export const activeStudent = (userId: string = randomUUID(), ip?: string) =>
  as('student', { userId, verificationStatus: 'active', ip });
export const staff = () => as('staff');

/** A merchant of `brandId` as the gateway signs them (decision 016). */
export const merchantOf = (brandId: string, userId: string = randomUUID()) =>
  signIdentity(
    {
      userId,
      role: 'merchant',
      verificationStatus: 'none',
      sessionId: randomUUID(),
      ip: randomIp(),
      brandId,
    },
    INTERNAL_SECRET,
    'offers',
  );

/** `YYYY-MM-DD` in the UAE, `days` days from today. */
export const uaeDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** A valid staff offer form; `overrides` change any field. */
export function offerForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: '20% off everything',
    brandName: 'Test Brand',
    businessDescription: 'A brand that exists only in tests.',
    description: 'Everything in store.',
    businessCategory: 'fashion',
    offerType: 'discount',
    discountType: 'percentage',
    discountValue: 20,
    code: null,
    discountRedemptionGuide: [{ instruction: 'Copy the code' }, { instruction: 'Paste it at checkout' }],
    termsAndConditions: 'Verified students only; one use each.',
    status: 'live',
    ...overrides,
  };
}

/** Creates an offer through the admin API and answers its record. */
export async function createOffer(
  t: TestOffers,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { id: string }> {
  const res = await request(t.url).post('/admin/offers').set(staff()).send(offerForm(overrides));
  if (res.status !== 201) throw new Error(`offer not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Polls until `check` answers something truthy (or fails after `timeoutMs`). */
export async function waitFor<T>(
  check: () => Promise<T | false | null | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A tiny valid PNG (1 × 1), for uploads. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface TcpProxy {
  /** `url` with its host and port replaced by the proxy's */
  url: string;
  /** drops every connection and refuses new ones, as a stopped server would (also how the test ends it) */
  cut(): Promise<void>;
  /** accepts connections again on the same port (nothing to do when it does) */
  restore(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 in front of the server of `url` (e.g. PostgreSQL), to take it away and bring it back. */
export async function startTcpProxy(url: string): Promise<TcpProxy> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server?.listening) return resolve();
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        track(client);
        track(upstream);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return {
    url: proxied.toString(),
    async cut() {
      const closed = new Promise((resolve) => server!.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
  };
}
