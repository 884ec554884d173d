import type { Redis } from 'ioredis';
import { listenToPostgres, type ListenOptions, type PostgresListener } from '@tullab/db';
import { startBroadcaster } from './broadcaster';
import { EVERYTHING, type BroadcastTopic } from './broadcasts';

export interface BroadcastRelayOptions extends Omit<ListenOptions, 'onNotification' | 'onListening'> {
  redis: Redis;
  prefix: string;
  topic: BroadcastTopic;
  /** the broadcast a notification's detail becomes (identity: the user id; offers: EVERYTHING) */
  messageOf(detail: string): string;
  /** told of each notification, before it is broadcast */
  onNotification?(detail: string): void;
  /** told when listening stops or starts again, before EVERYTHING is broadcast */
  onListening?(listening: boolean): void;
}

/**
 * Relays a PostgreSQL notification channel to the gateways as one broadcast topic, in commit order (decision 005).
 * While the connection is lost the gateways are told to drop everything; once it is back they are told again, since
 * changes may have been missed meanwhile. Heartbeats go out only while it listens and has published everything
 * (T27). {@link PostgresListener.settled} resolves once every change committed before the call has been published,
 * or once no gateway can trust what it keeps any more: what a call that changed something waits for before it is
 * answered.
 */
export function relayToGateways(options: BroadcastRelayOptions): PostgresListener {
  const { redis, prefix, topic, messageOf, log } = options;
  const broadcaster = startBroadcaster(redis, prefix, topic, log);
  const listener = listenToPostgres({
    ...options,
    onNotification(detail) {
      options.onNotification?.(detail);
      broadcaster.send(messageOf(detail));
    },
    onListening(listening) {
      options.onListening?.(listening);
      broadcaster.setHearing(listening);
      broadcaster.send(EVERYTHING);
    },
  });
  return {
    get listening() {
      return listener.listening;
    },
    async settled(timeoutMs) {
      await listener.settled(timeoutMs);
      await broadcaster.published();
    },
    async stop() {
      await listener.stop();
      broadcaster.stop();
    },
  };
}
