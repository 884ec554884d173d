import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { signIdentity, type Role } from '@tullab/http';
import { parseConfig } from '@tullab/config';
import { dropSchema, serviceTestEnv } from '@tullab/testing';
import { configShape, startService } from '../src';

export const INTERNAL_SECRET = 'verification-test-secret-'.padEnd(48, 's');

export interface TestVerification {
  url: string;
  /** a fresh EntityManager on the service's ORM */
  em(): EntityManager;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Starts verification in this process on a schema and queue prefix of its own (ADR 001). */
export async function startVerification(): Promise<TestVerification> {
  const config = parseConfig(configShape, await serviceTestEnv('verification', INTERNAL_SECRET));
  const service = await startService(config);
  const em = () => service.deps.orm.em.fork();
  return {
    url: service.url,
    em,
    sql: async <T>(query: string, params: unknown[] = []) =>
      (await em().getConnection().execute(query, params)) as T[],
    async close() {
      await service.close();
      await dropSchema(config.DATABASE_URL, config.DB_SCHEMA);
    },
  };
}

/** The signed identity headers the gateway sends for a visitor (`role` null) or a signed-in user of `role`. */
export function as(role: Role | null): Record<string, string> {
  return signIdentity(
    {
      userId: role ? randomUUID() : null,
      role,
      verificationStatus: 'none',
      sessionId: role ? randomUUID() : null,
      ip: '127.0.0.1',
    },
    INTERNAL_SECRET,
  );
}
