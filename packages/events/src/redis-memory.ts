import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '@tullab/log';

export interface RedisMemoryOptions {
  redis: Redis;
  prefix: string;
  log: Logger;
  /** how often the mark is read (5 s): the bound on noticing a loss */
  intervalMs?: number;
  /** called once per loss noticed (and at start when the mark is missing); errors are logged */
  onLost(): Promise<void>;
}

export interface RedisMemory {
  /** reads the mark now; resolves with whether a loss was noticed (and handled) */
  checkNow(): Promise<boolean>;
  stop(): Promise<void>;
}

/** The key whose value every process of the deployment remembers: a new value means Redis forgot everything. */
export const memoryKey = (prefix: string) => `${prefix}:memory`;

/**
 * Notices when Redis has lost its data (FLUSHALL, a fresh Redis, a failover to an empty replica) so what only lived
 * there (queued jobs, job schedulers) is put back at once rather than after the relay's 15-minute sweep. Redis holds
 * one mark under `<prefix>:memory`, set once by whichever process comes first; each process reads it every
 * `intervalMs`. A missing mark is set anew (SET NX: one value wins however many processes race), and a mark other than
 * the one a process last read means another process already did so: either way `onLost` runs once in that process.
 * A process that finds no mark at start runs `onLost` too, since Redis may have lost data while it was down. While
 * Redis cannot be reached nothing happens; the check runs again when it answers.
 */
export function watchRedisMemory(options: RedisMemoryOptions): RedisMemory {
  const { redis, log } = options;
  const key = memoryKey(options.prefix);
  const intervalMs = options.intervalMs ?? 5000;
  /** the mark as this process last read it (undefined before the first read) */
  let known: string | null | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  let stopped = false;

  let owed = false;

  const check = async (): Promise<boolean> => {
    let created: boolean;
    let mark: string | null;
    try {
      created = (await redis.set(key, randomUUID(), 'NX')) === 'OK';
      mark = await redis.get(key);
    } catch {
      return false;
    }
    const lost = created || owed || (known !== undefined && mark !== known);
    const before = known;
    known = mark;
    if (!lost) return false;
    const what = 're-sending recent events and re-creating schedules';
    if (before === undefined)
      log.info({ key }, `Redis holds no mark yet (new, or emptied while this process was down): ${what}`);
    else log.warn({ key }, `Redis has lost its data: ${what}`);
    try {
      await options.onLost();
      owed = false;
    } catch (err) {
      owed = true;
      log.error({ err: (err as Error).message }, 'putting back what Redis lost failed; trying again');
    }
    return true;
  };

  const checkNow = (): Promise<boolean> => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };

  const loop = async () => {
    await checkNow();
    if (!stopped) timer = setTimeout(() => void loop(), intervalMs);
  };
  timer = setTimeout(() => void loop(), 0);

  return {
    checkNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
