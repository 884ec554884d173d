// Removes a run's keys from Redis at the end of `npm run bench` or `npm run soak`, with the services' Redis client.
import { createRequire } from 'node:module';

const { Redis } = createRequire(new URL('../../services/offers/package.json', import.meta.url))('ioredis');

/** Removes the keys under `prefix` (queues with their completed jobs, rate-limit counters) from Redis. */
export async function deleteKeys(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
