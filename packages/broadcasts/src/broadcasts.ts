import type { Logger } from '@tullab/log';
import { createRedis } from '@tullab/events';

/**
 * Broadcasts tell every gateway replica at once that something it caches has changed (Redis pub/sub, decision 005).
 * They are not events: nothing is stored, and a replica that may have missed one stops trusting its cache instead.
 * - `sessions`: a user id whose sessions or account changed (sign-out, password, role, disabling, status…), or `*`.
 * - `catalogue`: the public offer catalogue changed.
 */
export type BroadcastTopic = 'sessions' | 'catalogue';

/** The message that means "drop everything" (sent when the sender may itself have missed changes). */
export const EVERYTHING = '*';

export const broadcastChannel = (prefix: string, topic: BroadcastTopic) => `${prefix}:broadcast:${topic}`;

/**
 * Where a topic's senders say every change they heard is published (`startBroadcaster`). A channel of its own,
 * so a gateway that does not know heartbeats hears none, and a heartbeat never counts as a change.
 */
export const heartbeatChannel = (prefix: string, topic: BroadcastTopic) =>
  `${broadcastChannel(prefix, topic)}:heartbeat`;

/**
 * How often a sender that has published everything says so on the topic's heartbeat channel (decision 005). A
 * gateway trusts what it keeps only while it has heard one within {@link HEARTBEAT_TIMEOUT_MS}.
 */
export const HEARTBEAT_EVERY_MS = 500;
/** How long after the last heartbeat a gateway still trusts what it keeps (three heartbeats). */
export const HEARTBEAT_TIMEOUT_MS = 1500;
/**
 * How long `Broadcaster.published` waits for a message that cannot be published. Longer than
 * {@link HEARTBEAT_TIMEOUT_MS} by 1.5 s: a sender with a message it cannot publish sends no heartbeat, so by then
 * every gateway has stopped trusting what it keeps (a heartbeat that Redis delivers more than 1.5 s late is the
 * remaining gap).
 */
export const PUBLISH_BOUND_MS = 3000;

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
   * Resolves true once every broadcast of the topic published before the call has reached its listener, and no
   * broadcast of it can be waiting to be published: a PING on the subscriber connection, which Redis answers after
   * the messages it queued for it before, and a heartbeat of the topic heard within {@link HEARTBEAT_TIMEOUT_MS}
   * (a sender with a message it could not publish sends none; T27). False when the subscription is down or Redis
   * does not answer within a second. The calls of one turn of the event loop share one PING.
   */
  caughtUp(topic: BroadcastTopic): Promise<boolean>;
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
  const topics = Object.keys(listeners) as BroadcastTopic[];
  const byChannel = new Map(topics.map((topic) => [broadcastChannel(prefix, topic), listeners[topic]!]));
  const heartbeats = new Map(topics.map((topic) => [heartbeatChannel(prefix, topic), topic]));
  /** when each topic's last heartbeat was heard */
  const heardAt = new Map<BroadcastTopic, number>();
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

  redis.on('message', (channel: string, message: string) => {
    const beating = heartbeats.get(channel);
    if (beating) heardAt.set(beating, Date.now());
    else byChannel.get(channel)?.onMessage(message);
  });
  redis.on('close', () => {
    heardAt.clear();
    tell(false);
  });
  redis.on('ready', () => {
    redis.subscribe(...byChannel.keys(), ...heartbeats.keys()).then(
      () => !stopped && tell(true),
      (err: Error) => {
        log.warn({ err: err.message }, 'broadcast subscription failed; reconnecting');
        redis.disconnect(true);
      },
    );
  });
  return {
    caughtUp(topic) {
      if (!subscribed) return Promise.resolve(false);
      // sent after every call waiting for it has arrived, so it answers after what was published before them
      nextPing ??= new Promise<boolean>((resolve) =>
        setImmediate(() => {
          nextPing = null;
          void ping().then(resolve);
        }),
      );
      return nextPing.then(
        (pong) => pong && Date.now() - (heardAt.get(topic) ?? -Infinity) < HEARTBEAT_TIMEOUT_MS,
      );
    },
    async stop() {
      stopped = true;
      tell(false);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
