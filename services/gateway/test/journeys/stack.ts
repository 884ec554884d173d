import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { parseConfig } from '@tullab/config';
import * as identity from '@tullab/identity';
import * as notifications from '@tullab/notifications';
import {
  dropSchema,
  freePort,
  serviceTestEnv,
  startS3Server,
  startSmtpCatcher,
  uniqueName,
  type S3Server,
  type SmtpCatcher,
} from '@tullab/testing';
import * as verification from '@tullab/verification';
import * as gateway from '../../src';
import { client } from '../helpers';

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
  smtp: SmtpCatcher;
  s3: S3Server;
  databaseUrl: string;
  schemas: { identity: string; notifications: string; verification: string };
  close(): Promise<void>;
}

/**
 * The real gateway, identity, verification and notifications, in this process, on real PostgreSQL, Redis, SMTP and
 * S3. The first admin is ADMIN.
 */
export async function startStack(options: { redisUrl?: string } = {}): Promise<Stack> {
  // One queue prefix for the three, so they hear each other's events; a schema of its own for each service.
  const env = await serviceTestEnv('identity', INTERNAL_SECRET);
  const common = { ...env, REDIS_URL: options.redisUrl ?? env.REDIS_URL };
  const databaseUrl = common.DATABASE_URL;
  const smtp = await startSmtpCatcher();
  const s3 = await startS3Server();
  const schemas = {
    identity: common.DB_SCHEMA,
    notifications: uniqueName('notifications'),
    verification: uniqueName('verification'),
  };
  const identityService = await identity.startService(
    parseConfig(identity.configShape, {
      ...common,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }),
  );
  const verificationService = await verification.startService(
    parseConfig(verification.configShape, {
      ...common,
      DB_SCHEMA: schemas.verification,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_REGION: s3.region,
      SUPPORT_EMAIL,
    }),
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
  );
  const gatewayService = await gateway.startService(
    parseConfig(gateway.configShape, {
      ...common,
      IDENTITY_URL: identityService.url,
      VERIFICATION_URL: verificationService.url,
      NOTIFICATIONS_URL: notificationsService.url,
    }),
  );
  return {
    url: gatewayService.url,
    smtp,
    s3,
    databaseUrl,
    schemas,
    async close() {
      await gatewayService.close();
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
