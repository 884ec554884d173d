import { Redis } from 'ioredis';
import { dockerAnswers, startContainerOnce } from './containers';

const LOCAL_URL = 'redis://127.0.0.1:6379';

async function answersPing(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * Redis for tests: `REDIS_URL`, else 127.0.0.1:6379 when it answers PING, else a `redis:7-alpine` testcontainer
 * (with `maxmemory-policy noeviction`, as BullMQ needs) when a Docker engine answers.
 */
export async function getRedisUrl(): Promise<string> {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  if (await answersPing(LOCAL_URL)) return LOCAL_URL;
  if (await dockerAnswers()) {
    const container = await startContainerOnce({
      image: 'redis:7-alpine',
      port: 6379,
      command: ['redis-server', '--maxmemory-policy', 'noeviction'],
      readyLog: /Ready to accept connections/,
    });
    return `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
  }
  throw new Error(
    'No Redis for the tests: set REDIS_URL, or run Redis on 127.0.0.1:6379 (e.g. `apt-get install redis-server`), ' +
      'or start Docker so testcontainers can run redis:7-alpine.',
  );
}

/** Removes every key under a test's BullMQ prefix (`<prefix>:*`), so test runs leave Redis as they found it. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
