// The whole platform for the journey tests: the real gateway, identity, verification, offers and notifications in
// this process, on real PostgreSQL, Redis, SMTP and S3, with the first admin's credentials.
import { parseConfig } from '@tullab/config';
import { createLogger, type DestinationStream } from '@tullab/log';
import * as identity from '@tullab/identity';
import * as notifications from '@tullab/notifications';
import * as offers from '@tullab/offers';
import {
  dropSchema,
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
import type { StaffCredentials } from './staff';

export const INTERNAL_SECRET = 'journey-secret-'.padEnd(48, 'j');

export const SUPPORT_EMAIL = 'support@tullab.test';

/** The first admin, created when the stack starts. */
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
  /** the Redis of identity or offers alone, e.g. a proxy a test can cut (T27); by default `redisUrl` */
  redisUrlOf?: Partial<Record<'identity' | 'offers', string>>;
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
      REDIS_URL: options.redisUrlOf?.identity ?? common.REDIS_URL,
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
      REDIS_URL: options.redisUrlOf?.offers ?? common.REDIS_URL,
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
    METRICS_PORT: '0',
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
 * One statement on a service's own schema of the stack, read apart from its API (the stack is read when it is called,
 * so it may still be starting while the file loads).
 */
export const sqlOf =
  (stack: Stack) =>
  async <T = Record<string, unknown>>(
    service: 'identity' | 'verification' | 'offers' | 'notifications',
    query: string,
    params: unknown[] = [],
  ): Promise<T[]> =>
    (await stack.services[service].deps.orm.em.fork().getConnection().execute(query, params)) as T[];
