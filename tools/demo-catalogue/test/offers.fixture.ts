import { randomInt, randomUUID } from 'node:crypto';
import { parseConfig } from '@tullab/config';
import { signIdentity, type Role } from '@tullab/http';
import { configShape, startService, type Config, type OffersService } from '@tullab/offers';
import { deleteRedisKeys, dropSchema, s3EnvOf, serviceTestEnv, startS3Server } from '@tullab/testing';

const INTERNAL_SECRET = 'demo-catalogue-test-secret-'.padEnd(48, 's');

export interface TestOffers {
  service: OffersService;
  url: string;
  config: Config;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Starts offers in this process, as the catalogue's target, on a schema and S3 server of its own. */
export async function startOffers(): Promise<TestOffers> {
  const s3 = await startS3Server();
  const config = parseConfig(configShape, {
    ...(await serviceTestEnv('offers', INTERNAL_SECRET)),
    ...s3EnvOf(s3),
    SUPPORT_EMAIL: 'support@tullab.test',
  });
  const service = await startService(config);
  return {
    service,
    url: service.url,
    config,
    sql: async <T>(query: string, params: unknown[] = []) =>
      (await service.deps.orm.em.fork().getConnection().execute(query, params)) as T[],
    async close() {
      await service.close();
      await dropSchema(config.DATABASE_URL, config.DB_SCHEMA);
      await deleteRedisKeys(config.REDIS_URL, config.QUEUE_PREFIX).catch(() => undefined);
      await s3.close();
    },
  };
}

/** The signed identity headers the gateway sends for a visitor (`role` null) or a signed-in user of `role`. */
export function as(role: Role | null, verificationStatus = 'none', userId: string = randomUUID()) {
  return signIdentity(
    {
      userId: role ? userId : null,
      role,
      verificationStatus,
      sessionId: role ? randomUUID() : null,
      ip: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    },
    INTERNAL_SECRET,
    'offers',
  );
}

export const activeStudent = () => as('student', 'active');
export const staff = () => as('staff');
