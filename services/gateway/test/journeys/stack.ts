import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { parseConfig } from '@tullab/config';
import { createLogger, type DestinationStream } from '@tullab/http';
import * as identity from '@tullab/identity';
import * as notifications from '@tullab/notifications';
import * as offers from '@tullab/offers';
import {
  dropSchema,
  freePort,
  s3EnvOf,
  serviceTestEnv,
  startS3Server,
  startSmtpCatcher,
  uniqueName,
  type S3Server,
  type SmtpCatcher,
} from '@tullab/testing';
import * as verification from '@tullab/verification';
import * as gateway from '../../src';
import { client, newStudent } from '../helpers';

export const INTERNAL_SECRET = 'journey-secret-'.padEnd(48, 'j');

export const SUPPORT_EMAIL = 'support@tullab.test';

/** What a staff member signs in with; `secret` is kept once their authenticator app is set up. */
export interface StaffCredentials {
  email: string;
  password: string;
  secret?: string;
}

export const ADMIN: StaffCredentials = {
  email: 'admin@tullab.test',
  password: 'the first admin passphrase 1',
};

export interface Stack {
  url: string;
  /** the environment the gateway was started with: a second gateway started with it joins the same stack */
  gatewayEnv: Record<string, string>;
  smtp: SmtpCatcher;
  s3: S3Server;
  databaseUrl: string;
  schemas: { identity: string; notifications: string; verification: string; offers: string };
  /** the running services; a service's `deps` build its app again, e.g. to list its routes */
  services: {
    identity: identity.IdentityService;
    verification: Awaited<ReturnType<typeof verification.startService>>;
    offers: offers.OffersService;
    notifications: notifications.NotificationsService;
  };
  close(): Promise<void>;
}

export interface StackOptions {
  redisUrl?: string;
  /**
   * The gateway's TRUST_PROXY, e.g. `loopback`: the test then plays the proxy in front of it and gives each client an
   * address of its own with X-Forwarded-For, so per-address limits (registrations, codes, tracking, applications)
   * apply per client as they do in production.
   */
  trustProxy?: string;
  /** where every process writes its log lines, at debug level; without it they log nothing (LOG_LEVEL silent) */
  logs?: DestinationStream;
  /** the database to run on, e.g. one restored from a backup; by default the tests' own */
  databaseUrl?: string;
  /** the services' schemas, e.g. a restored database's; by default new ones (close() drops them either way) */
  schemas?: Stack['schemas'];
  /** where the S3 server keeps its objects (kept on close); by default a temporary folder */
  s3Directory?: string;
}

/**
 * The real gateway, identity, verification, offers and notifications, in this process, on real PostgreSQL, Redis,
 * SMTP and S3. The first admin is ADMIN.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  // One queue prefix for all, so they hear each other's events; a schema of its own for each service.
  const env = await serviceTestEnv('identity', INTERNAL_SECRET);
  const schemas = options.schemas ?? {
    identity: env.DB_SCHEMA,
    notifications: uniqueName('notifications'),
    verification: uniqueName('verification'),
    offers: uniqueName('offers'),
  };
  const common = {
    ...env,
    REDIS_URL: options.redisUrl ?? env.REDIS_URL,
    DATABASE_URL: options.databaseUrl ?? env.DATABASE_URL,
    DB_SCHEMA: schemas.identity,
  };
  const databaseUrl = common.DATABASE_URL;
  const smtp = await startSmtpCatcher();
  const s3 = await startS3Server({ directory: options.s3Directory });
  const storage = {
    ...s3EnvOf(s3),
  };
  const logOf = (name: string) => options.logs && createLogger(name, 'debug', options.logs);
  const identityService = await identity.startService(
    parseConfig(identity.configShape, {
      ...common,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }),
    logOf('identity'),
  );
  const verificationService = await verification.startService(
    parseConfig(verification.configShape, {
      ...common,
      DB_SCHEMA: schemas.verification,
      ...storage,
      SUPPORT_EMAIL,
    }),
    logOf('verification'),
  );
  const offersService = await offers.startService(
    parseConfig(offers.configShape, {
      ...common,
      DB_SCHEMA: schemas.offers,
      ...storage,
      SUPPORT_EMAIL,
    }),
    logOf('offers'),
  );
  const notificationsService = await notifications.startService(
    parseConfig(notifications.configShape, {
      ...common,
      DB_SCHEMA: schemas.notifications,
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL,
      MAIL_RETRY_BASE_MS: '200',
      MAIL_DISPATCH_INTERVAL_MS: '200',
    }),
    logOf('notifications'),
  );
  const gatewayEnv: Record<string, string> = {
    ...common,
    IDENTITY_URL: identityService.url,
    VERIFICATION_URL: verificationService.url,
    OFFERS_URL: offersService.url,
    NOTIFICATIONS_URL: notificationsService.url,
    ...(options.trustProxy && { TRUST_PROXY: options.trustProxy }),
  };
  const gatewayService = await gateway.startService(
    parseConfig(gateway.configShape, gatewayEnv),
    logOf('gateway'),
  );
  return {
    url: gatewayService.url,
    gatewayEnv,
    smtp,
    s3,
    databaseUrl,
    schemas,
    services: {
      identity: identityService,
      verification: verificationService,
      offers: offersService,
      notifications: notificationsService,
    },
    async close() {
      await gatewayService.close();
      await offersService.close();
      await verificationService.close();
      await notificationsService.close();
      await identityService.close();
      await smtp.close();
      await s3.close();
      for (const schema of Object.values(schemas)) await dropSchema(databaseUrl, schema);
    },
  };
}

/**
 * Signs a staff member in through the gateway as the console does (S37): the password (which sets only the `mfa`
 * cookie), the enrolment at the first sign-in (the secret is kept on `member`), then the code an authenticator app
 * shows now. A time-step is accepted once, so sign each member in at most once per 30 seconds.
 */
export async function signInStaff(url: string, member: StaffCredentials): Promise<ReturnType<typeof client>> {
  const browser = client(url);
  const login = await browser.post('/api/auth/login', { email: member.email, password: member.password });
  if (login.status !== 200 || !login.body.mfaRequired) {
    throw new Error(`staff login answered ${login.status}: ${login.text}`);
  }
  if (!login.body.enrolled) {
    member.secret = (await browser.post('/api/auth/mfa/enrollment')).body.secret as string;
  }
  if (!member.secret) throw new Error(`no authenticator secret known for ${member.email}`);
  const verified = await browser.post('/api/auth/mfa/verify', {
    code: identity.totpCode(member.secret, identity.totpStep()),
  });
  if (verified.status !== 200) throw new Error(`mfa verify answered ${verified.status}: ${verified.text}`);
  return browser;
}

/**
 * Accepts a staff invitation through the gateway as the console's accept page does (S37): it shows the
 * invitation's authenticator key (kept on `member`), then sends the password with the app's code. The code is the
 * previous time-step's, still accepted, so that {@link signInStaff} may follow at once with the current one.
 */
export async function acceptInvitation(url: string, token: string, member: StaffCredentials) {
  const browser = client(url);
  const enrolment = await browser.post('/api/auth/accept-invitation/enrollment', { token });
  if (enrolment.status !== 200) throw new Error(`enrolment answered ${enrolment.status}: ${enrolment.text}`);
  member.secret = enrolment.body.secret as string;
  return browser.post('/api/auth/accept-invitation', {
    token,
    password: member.password,
    code: identity.totpCode(member.secret, identity.totpStep() - 1),
  });
}

export type Browser = ReturnType<typeof client>;

let addresses = 0;

/**
 * A browser with an address of its own, sent as X-Forwarded-For: the gateway takes it as the client's address when
 * the stack was started with `trustProxy: 'loopback'` (and ignores it otherwise).
 */
export function browserWithOwnAddress(url: string): Browser {
  addresses += 1;
  const browser = client(url);
  browser.agent.set('X-Forwarded-For', `10.77.${Math.floor(addresses / 256)}.${addresses % 256}`);
  return browser;
}

export interface SignedUpStudent {
  browser: Browser;
  student: ReturnType<typeof newStudent>;
  id: string;
}

/** A new student, registered (and so signed in) through the gateway; verification `none`. */
export async function signUpStudent(browser: Browser): Promise<SignedUpStudent> {
  const student = newStudent();
  const registered = await browser.post('/api/auth/register', student);
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${registered.text}`);
  return { browser, student, id: registered.body.user.id as string };
}

/**
 * Makes a signed-up student `active` the way a student does: a university address (`…@cud.ac.ae`, a known domain),
 * the code from the caught e-mail, verify-otp (which rotates the browser's session).
 */
export async function verifyByCode(stack: Stack, { browser, student }: SignedUpStudent): Promise<void> {
  const studentEmail = `${student.email.split('@')[0]}@cud.ac.ae`;
  const sent = await browser.post('/api/students/verify', {
    email: studentEmail,
    personalEmail: student.email,
    studentId: null,
  });
  if (sent.status !== 200) throw new Error(`verify answered ${sent.status}: ${sent.text}`);
  const mail = await stack.smtp.waitFor((m) => m.to.includes(studentEmail), 15_000);
  const verified = await browser.post('/api/students/verify-otp', {
    email: studentEmail,
    personalEmail: student.email,
    otp: codeFrom(mail.text),
  });
  if (verified.body.user?.verification?.status !== 'active') {
    throw new Error(`verify-otp answered ${verified.status}: ${verified.text}`);
  }
}

/** Polls until `read` satisfies `done` (events flow through the outbox, Redis and a worker) or 15 s pass. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function codeFrom(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no 6-digit code in: ${text}`);
  return match[1];
}

/** True when a Redis on the port answers PING (a bare socket: no client timers left behind). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A private redis-server we may stop and start again, on a port of its own. */
export async function startPrivateRedis(): Promise<{
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const deadline = Date.now() + 5000;
    while (!(await answersPing(port))) {
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
