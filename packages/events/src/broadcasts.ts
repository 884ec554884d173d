import type { Redis } from 'ioredis';
import type { Logger } from '@tullab/http';
import { createRedis } from './connections';

/**
 * Broadcasts tell every gateway replica at once that something it caches has changed (Redis pub/sub, decision 005).
 * They are not events: nothing is stored, and a replica that may have missed one stops trusting its cache instead.
 * - `sessions`: a user id whose sessions or account changed (sign-out, password, role, disabling, status…), or `*`.
 * - `catalogue`: the public offer catalogue changed.
 */
export type BroadcastTopic = 'sessions' | 'catalogue';

/** The message that means "drop everything" (sent when the sender may itself have missed changes). */
export const EVERYTHING = '*';

/**
 * On offers' `GET /offers` answer: until when (epoch ms) the gateway may keep that catalogue without hearing a
 * `catalogue` broadcast. Absent when offers itself is not hearing changes.
 */
export const CATALOGUE_KEPT_UNTIL_HEADER = 'x-tullab-catalogue-kept-until';

export const broadcastChannel = (prefix: string, topic: BroadcastTopic) => `${prefix}:broadcast:${topic}`;

/** Publishes one broadcast; a failure is logged (the receivers' caches are bounded in time). */
export async function broadcast(
  redis: Redis,
  prefix: string,
  topic: BroadcastTopic,
  message: string,
  log: Logger,
): Promise<void> {
  try {
    await redis.publish(broadcastChannel(prefix, topic), message);
  } catch (err) {
    log.error({ err: (err as Error).message, topic }, 'broadcast not sent');
  }
}

export interface BroadcastListener {
  /** a message of the topic */
  onMessage(message: string): void;
  /** false when the subscription is lost (messages may be missed), true once subscribed again */
  onSubscribed(subscribed: boolean): void;
}

/** How long {@link Broadcasts.caughtUp} waits for Redis before it answers false. */
const CAUGHT_UP_TIMEOUT_MS = 1000;

export interface Broadcasts {
  /**
   * Resolves true once every broadcast published before the call has reached its listener: a PING on the subscriber
   * connection, which Redis answers after the messages it queued for it before. False when the subscription is down
   * or Redis does not answer within a second. The calls of one turn of the event loop share one PING.
   */
  caughtUp(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * One subscriber connection for the given topics. Each topic's listener hears `onSubscribed(false)` as soon as the
 * connection drops and `onSubscribed(true)` only once Redis has confirmed the subscription again.
 */
export function subscribeToBroadcasts(
  url: string,
  prefix: string,
  listeners: Partial<Record<BroadcastTopic, BroadcastListener>>,
  log: Logger,
): Broadcasts {
  const redis = createRedis(url, 'worker', log, `${prefix}:broadcasts`);
  const byChannel = new Map(
    (Object.entries(listeners) as [BroadcastTopic, BroadcastListener][]).map(([topic, listener]) => [
      broadcastChannel(prefix, topic),
      listener,
    ]),
  );
  let subscribed = false;
  const tell = (now: boolean) => {
    subscribed = now;
    byChannel.forEach((listener) => listener.onSubscribed(now));
  };
  let stopped = false;
  let nextPing: Promise<boolean> | null = null;

  const ping = () =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), CAUGHT_UP_TIMEOUT_MS);
      redis.ping().then(
        () => {
          clearTimeout(timer);
          resolve(subscribed);
        },
        () => {
          clearTimeout(timer);
          resolve(false);
        },
      );
    });

  redis.on('message', (channel: string, message: string) => byChannel.get(channel)?.onMessage(message));
  redis.on('close', () => tell(false));
  redis.on('ready', () => {
    redis.subscribe(...byChannel.keys()).then(
      () => !stopped && tell(true),
      (err: Error) => {
        log.warn({ err: err.message }, 'broadcast subscription failed; reconnecting');
        redis.disconnect(true);
      },
    );
  });
  return {
    caughtUp() {
      if (!subscribed) return Promise.resolve(false);
      // sent after every call waiting for it has arrived, so it answers after what was published before them
      nextPing ??= new Promise<boolean>((resolve) =>
        setImmediate(() => {
          nextPing = null;
          void ping().then(resolve);
        }),
      );
      return nextPing;
    },
    async stop() {
      stopped = true;
      tell(false);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
