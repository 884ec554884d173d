import { Redis } from 'ioredis';
import type { Logger } from '@tullab/log';

/**
 * `producer`: fails fast while Redis is down (no offline queue), so HTTP answers never hang.
 * `worker`: waits and reconnects (`maxRetriesPerRequest: null`, as BullMQ workers require).
 * `name` shows in CLIENT LIST, for operators and tests.
 */
export function createRedis(url: string, kind: 'producer' | 'worker', log: Logger, name?: string): Redis {
  const redis = new Redis(url, {
    connectionName: name,
    lazyConnect: false,
    enableOfflineQueue: kind === 'worker',
    maxRetriesPerRequest: kind === 'worker' ? null : 1,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  let down = false;
  redis.on('error', (err) => {
    if (!down) log.warn({ err: err.message, kind }, 'redis connection error');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info({ kind }, 'redis connection back');
    down = false;
  });
  return redis;
}

/** BullMQ loses jobs under eviction: refuse to run a worker against a Redis that may evict keys. */
export async function assertNoEviction(redis: Redis, log: Logger): Promise<void> {
  let policy: string | undefined;
  try {
    const answer = (await redis.config('GET', 'maxmemory-policy')) as string[];
    policy = answer[1];
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'cannot read maxmemory-policy; make sure it is noeviction');
    return;
  }
  if (policy !== 'noeviction') {
    throw new Error(`Redis maxmemory-policy is "${policy}"; BullMQ needs "noeviction"`);
  }
}

export function redisReadiness(redis: Redis) {
  return { name: 'redis', timeoutMs: 500, check: () => redis.ping() };
}
