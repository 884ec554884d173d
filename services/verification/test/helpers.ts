import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { unseal } from '@tullab/events';
import { signIdentity, type Role } from '@tullab/http';
import type { ServiceDeps } from '@tullab/runtime';
import { parseConfig } from '@tullab/config';
import { ObjectStore } from '@tullab/storage';
import { dropSchema, s3EnvOf, serviceTestEnv, startS3Server, type S3Server } from '@tullab/testing';
import { configShape, startService, type Config } from '../src';

export const INTERNAL_SECRET = 'verification-test-secret-'.padEnd(48, 's');
export const SUPPORT_EMAIL = 'support@tullab.test';

export interface TestVerification {
  url: string;
  config: Config;
  /** what the running service was started with (its context is `contextOf(deps)`) */
  deps: ServiceDeps<Config>;
  s3: S3Server;
  /** the document bucket, read and written apart from the service */
  bucket: ObjectStore;
  /** a fresh EntityManager on the service's ORM */
  em(): EntityManager;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** the service's own Redis connection */
  redis: Redis;
  /** the e-mails waiting in the outbox, oldest first, with sealed values opened */
  mails(
    to?: string,
  ): Promise<
    Array<{ to: string; template: string; data: Record<string, string>; language?: string; code?: string }>
  >;
  close(): Promise<void>;
}

/**
 * Starts verification in this process on a schema and queue prefix of its own (ADR 001), with a real S3 server for
 * documents. `env` overrides configuration (e.g. a short sweep interval).
 */
export async function startVerification(env: Record<string, string> = {}): Promise<TestVerification> {
  const s3 = await startS3Server();
  const config = parseConfig(configShape, {
    ...(await serviceTestEnv('verification', INTERNAL_SECRET)),
    ...s3EnvOf(s3),
    SUPPORT_EMAIL,
    ...env,
  });
  const service = await startService(config);
  const em = () => service.deps.orm.em.fork();
  const sql = async <T>(query: string, params: unknown[] = []) =>
    (await em().getConnection().execute(query, params)) as T[];
  return {
    url: service.url,
    config,
    deps: service.deps,
    s3,
    bucket: new ObjectStore(s3EnvOf(s3), config.DOCUMENT_BUCKET),
    em,
    sql,
    redis: service.deps.redis,
    async mails(to) {
      const rows = await sql<{
        payload: {
          to: string;
          template: string;
          data: Record<string, string>;
          language?: string;
          sealed?: string;
        };
      }>(`select payload from outbox where name = 'email.requested' order by occurred_at, id`);
      return rows
        .map(({ payload }) => ({
          to: payload.to,
          template: payload.template,
          data: payload.data,
          language: payload.language,
          ...(payload.sealed ? { code: unseal(INTERNAL_SECRET, payload.sealed).code } : {}),
        }))
        .filter((mail) => !to || mail.to === to);
    },
    async close() {
      await service.close();
      await s3.close();
      await dropSchema(config.DATABASE_URL, config.DB_SCHEMA);
    },
  };
}

/** A signed-in user as the gateway describes them; `headers()` signs a fresh identity header for each call. */
export interface TestUser {
  userId: string;
  email: string;
  firstName: string;
  role: Role;
  headers(verificationStatus?: string): Record<string, string>;
}

/** A new user; each gets an address of its own, so per-IP limits of one test do not leak into another. */
export function testUser(role: Role = 'student', ip = randomIp()): TestUser {
  const userId = randomUUID();
  const sessionId = randomUUID();
  const email = `${role}-${userId.slice(0, 8)}@mail.test`;
  const firstName = role === 'student' ? 'Layla' : 'Omar';
  return {
    userId,
    email,
    firstName,
    role,
    headers: (verificationStatus = 'none') =>
      signIdentity(
        { userId, role, verificationStatus, sessionId, ip, email, firstName },
        INTERNAL_SECRET,
        'verification',
      ),
  };
}

function randomIp(): string {
  const bytes = randomUUID().replace(/-/g, '').slice(0, 6);
  return `10.${parseInt(bytes.slice(0, 2), 16)}.${parseInt(bytes.slice(2, 4), 16)}.${parseInt(bytes.slice(4, 6), 16)}`;
}

/** The signed identity headers the gateway sends for a visitor (`role` null) or a new signed-in user of `role`. */
export function as(role: Role | null): Record<string, string> {
  return role
    ? testUser(role).headers()
    : signIdentity(
        { userId: null, role: null, verificationStatus: 'none', sessionId: null, ip: '127.0.0.1' },
        INTERNAL_SECRET,
        'verification',
      );
}
