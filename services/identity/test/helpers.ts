import { randomInt, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { authenticator } from 'otplib';
import pino from 'pino';
import request, { type Response } from 'supertest';
import type { Job } from 'bullmq';
import { parseConfig } from '@tullab/config';
import { jobDefaults, unseal, type Envelope } from '@tullab/events';
import { redactPaths } from '@tullab/log';
import { signIdentity, type Caller } from '@tullab/http';
import { deleteRedisKeys, dropSchema, serviceTestEnv, uniqueName } from '@tullab/testing';
import {
  configShape,
  MFA_HEADER,
  PWRESET_HEADER,
  startService,
  type Config,
  type CookieRequest,
  type IdentityService,
} from '../src';
import { createUser } from '../src/modules/users/creation';

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
    language?: string;
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
        .set(signIdentity(visitor('127.0.0.1'), INTERNAL_SECRET, 'identity'))
        .send({ token }),
    async deliver(envelope, jobId = `t-${randomUUID()}`) {
      const queue = service.deps.publisher.queue('identity');
      await queue.add(envelope.name, envelope, { ...jobDefaults, jobId });
      // The state first, then the job: a job read before it settled would show its attempts of that moment.
      return waitFor(async () => {
        const state = await queue.getJobState(jobId);
        return (state === 'completed' || state === 'failed') && queue.getJob(jobId);
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

/** The code sealed into an `email.requested` row (what notifications would put in the mail). */
export function codeOf(row: OutboxRow): string {
  if (!row.payload.sealed) throw new Error('no sealed value in this mail');
  return unseal(INTERNAL_SECRET, row.payload.sealed).code;
}

/**
 * A browser behind the gateway: keeps the `sid`, `pwreset` and `mfa` cookies identity asks for, resolves the
 * session before every call, signs the identity header and passes the step cookies on, as the gateway does (ADR 001).
 */
export class TestClient {
  sid: string | null = null;
  pwreset: string | null = null;
  mfa: string | null = null;
  /** the `Accept-Language` the app sends with every call (its current language, issue 12); none when null */
  language: string | null = null;

  constructor(
    readonly url: string,
    readonly ip: string,
  ) {}

  async caller(): Promise<Caller> {
    if (this.sid) {
      const res = await request(this.url)
        .post('/internal/sessions/resolve')
        .set(signIdentity(visitor(this.ip), INTERNAL_SECRET, 'identity'))
        .send({ token: this.sid });
      if (res.status === 200) return { ...(res.body as Omit<Caller, 'ip'>), ip: this.ip };
    }
    return visitor(this.ip);
  }

  async send(
    method: 'get' | 'post' | 'patch' | 'put' | 'delete',
    path: string,
    body?: object,
  ): Promise<Response> {
    const agent = request(this.url);
    let req = agent[method](path).set(signIdentity(await this.caller(), INTERNAL_SECRET, 'identity'));
    if (this.pwreset) req = req.set(PWRESET_HEADER, this.pwreset);
    if (this.mfa) req = req.set(MFA_HEADER, this.mfa);
    if (this.language) req = req.set('Accept-Language', this.language);
    const res = body === undefined ? await req : await req.send(body);
    const asked = res.headers['x-tullab-set-cookie'];
    if (typeof asked === 'string') {
      for (const cookie of JSON.parse(asked) as CookieRequest[]) this[cookie.name] = cookie.value;
    }
    return res;
  }

  get = (path: string) => this.send('get', path);
  post = (path: string, body: object = {}) => this.send('post', path, body);
  patch = (path: string, body: object = {}) => this.send('patch', path, body);
  put = (path: string, body: object = {}) => this.send('put', path, body);
  delete = (path: string) => this.send('delete', path);
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

/** What a staff member signs in with: the password, and once enrolled the TOTP secret and the last step used. */
export interface StaffCredentials {
  email: string;
  password: string;
  secret?: string;
  lastStep?: number;
}

export interface StaffMember extends StaffCredentials {
  id: string;
  firstName: string;
  lastName: string;
  role: 'staff' | 'admin';
}

/** A staff member made as `npm run staff -- create` makes them: a password, no second factor yet. */
export async function newStaff(
  identity: TestIdentity,
  role: 'staff' | 'admin' = 'staff',
): Promise<StaffMember> {
  const em = identity.service.deps.orm.em.fork();
  const input = {
    email: `${uniqueName(role)}@tullab.test`,
    password: 'a long staff passphrase 9',
    firstName: 'Mariam',
    lastName: 'Haddad',
    role,
  };
  const user = await createUser(em, input);
  await em.flush();
  return { ...input, id: user.id };
}

const STEP_MS = 30_000;

/**
 * The code an authenticator app (otplib) shows for the member's secret: for the current time-step, or the next one
 * when this member already used the current one (a step is accepted once); when both are used, after the next step
 * begins.
 */
export async function totpFor(member: StaffCredentials): Promise<string> {
  if (!member.secret) throw new Error(`${member.email} has no second factor yet`);
  for (;;) {
    const current = Math.floor(Date.now() / STEP_MS);
    const step = Math.max(current, (member.lastStep ?? -1) + 1);
    if (step <= current + 1) {
      member.lastStep = step;
      return authenticator.clone({ epoch: step * STEP_MS }).generate(member.secret);
    }
    await sleep((current + 1) * STEP_MS - Date.now() + 50);
  }
}

/**
 * Signs a staff member in as the console does: the password (identity answers `mfaRequired` and sets `mfa`), the
 * enrolment at the first sign-in (the new secret is kept on `member`), then a TOTP code. Returns the signed-in
 * client.
 */
export async function signInStaff(
  identity: TestIdentity,
  member: StaffCredentials,
  client = identity.client(),
): Promise<TestClient> {
  const login = await client.post('/auth/login', { email: member.email, password: member.password });
  if (login.status !== 200 || !login.body.mfaRequired) {
    throw new Error(`staff login answered ${login.status}: ${login.text}`);
  }
  if (!login.body.enrolled) {
    const enrolment = await client.post('/auth/mfa/enrollment');
    if (enrolment.status !== 200)
      throw new Error(`enrolment answered ${enrolment.status}: ${enrolment.text}`);
    member.secret = enrolment.body.secret as string;
    member.lastStep = undefined;
  }
  const verified = await client.post('/auth/mfa/verify', { code: await totpFor(member) });
  if (verified.status !== 200) throw new Error(`mfa verify answered ${verified.status}: ${verified.text}`);
  return client;
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
