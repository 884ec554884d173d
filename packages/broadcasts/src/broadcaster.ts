import type { Redis } from 'ioredis';
import type { Logger } from '@tullab/log';
import {
  broadcastChannel,
  EVERYTHING,
  HEARTBEAT_EVERY_MS,
  heartbeatChannel,
  PUBLISH_BOUND_MS,
  type BroadcastTopic,
} from './broadcasts';

/** A backlog longer than this is published as one {@link EVERYTHING} (and so is anything queued behind one). */
const MAX_BACKLOG = 100;
const RETRY_MS = [100, 250, 500, 1000, 2000];

export interface Broadcaster {
  /** Queues a message: published in order after the ones before it, retried with backoff until Redis takes it. */
  send(message: string): void;
  /** Whether the sender hears every change now; heartbeats go out only while it does and nothing is unpublished. */
  setHearing(hearing: boolean): void;
  /** Resolves once every message sent before the call is published, or after {@link PUBLISH_BOUND_MS}. */
  published(): Promise<void>;
  stop(): void;
}

/**
 * The sending side of one broadcast topic (decision 005, T27): a failed publish is not dropped but retried, so a
 * sign-out, disabling, password change or paused offer always reaches the gateways once Redis takes messages again;
 * while anything is unpublished the heartbeats stop, and gateways stop trusting what they keep.
 */
export function startBroadcaster(
  redis: Redis,
  prefix: string,
  topic: BroadcastTopic,
  log: Logger,
): Broadcaster {
  const channel = broadcastChannel(prefix, topic);
  const queue: { message: string; seq: number }[] = [];
  const waiting = new Set<{ seq: number; release(): void }>();
  let sent = 0;
  let publishedUpTo = 0;
  let pumping = false;
  let hearing = false;
  let stopped = false;
  let retry: { timer: NodeJS.Timeout; resume(): void } | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resume) => {
      retry = { timer: setTimeout(resume, ms), resume };
    }).finally(() => (retry = null));

  const pump = async () => {
    if (pumping) return;
    pumping = true;
    let failures = 0;
    while (queue.length && !stopped) {
      const head = queue[0];
      try {
        await redis.publish(channel, head.message);
      } catch (err) {
        if (failures === 0) log.error({ err: (err as Error).message, topic }, 'broadcast not sent; retrying');
        await pause(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
        failures += 1;
        continue;
      }
      if (failures > 0) log.info({ topic, failures }, 'broadcast sent after retrying');
      failures = 0;
      queue.shift();
      publishedUpTo = Math.max(publishedUpTo, head.seq);
      for (const waiter of waiting) if (waiter.seq <= publishedUpTo) waiter.release();
    }
    pumping = false;
  };

  const heartbeat = setInterval(() => {
    if (!hearing || pumping || queue.length) return;
    redis.publish(heartbeatChannel(prefix, topic), '').catch(() => undefined);
  }, HEARTBEAT_EVERY_MS);
  heartbeat.unref();

  return {
    send(message) {
      if (stopped) return;
      sent += 1;
      // the head may be on its way; behind it, a waiting EVERYTHING covers any later change too
      const last = queue.at(-1);
      if (queue.length > 1 && last?.message === EVERYTHING) last.seq = sent;
      else if (queue.length >= MAX_BACKLOG) queue.splice(1, Infinity, { message: EVERYTHING, seq: sent });
      else queue.push({ message, seq: sent });
      void pump();
    },
    setHearing(now) {
      hearing = now;
    },
    published() {
      const seq = sent;
      if (publishedUpTo >= seq || stopped) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const waiter = {
          seq,
          release() {
            clearTimeout(timer);
            waiting.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          log.warn({ topic, boundMs: PUBLISH_BOUND_MS }, 'broadcast not published in time; answering anyway');
          waiter.release();
        }, PUBLISH_BOUND_MS);
        waiting.add(waiter);
      });
    },
    stop() {
      stopped = true;
      clearInterval(heartbeat);
      if (retry) {
        clearTimeout(retry.timer);
        retry.resume();
      }
      for (const waiter of waiting) waiter.release();
    },
  };
}
