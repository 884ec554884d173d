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

/**
 * One subscriber connection for the given topics. Each topic's listener hears `onSubscribed(false)` as soon as the
 * connection drops and `onSubscribed(true)` only once Redis has confirmed the subscription again.
 */
export function subscribeToBroadcasts(
  url: string,
  prefix: string,
  listeners: Partial<Record<BroadcastTopic, BroadcastListener>>,
  log: Logger,
): { stop(): Promise<void> } {
  const redis = createRedis(url, 'worker', log, `${prefix}:broadcasts`);
  const byChannel = new Map(
    (Object.entries(listeners) as [BroadcastTopic, BroadcastListener][]).map(([topic, listener]) => [
      broadcastChannel(prefix, topic),
      listener,
    ]),
  );
  const tell = (subscribed: boolean) => byChannel.forEach((listener) => listener.onSubscribed(subscribed));
  let stopped = false;

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
    async stop() {
      stopped = true;
      tell(false);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
