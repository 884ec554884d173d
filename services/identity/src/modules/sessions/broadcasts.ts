import type { PostgresListener } from '@tullab/db';
import { relayToGateways } from '@tullab/broadcasts';
import type { ServiceDeps } from '@tullab/runtime';
import type { Config } from '../../config';

/**
 * Relays `identity_sessions` (the users and sessions triggers) to the gateways as `sessions` broadcasts of the user
 * id (decision 005), in commit order, retried until published (T27). While the connection is lost the gateways are
 * told to drop everything, and identity's answers say not to keep them ({@link PostgresListener.listening}); once it
 * is back they drop everything again, since changes may have been missed meanwhile.
 */
export function relaySessionChanges(
  deps: Pick<ServiceDeps<Config>, 'orm' | 'config' | 'redis' | 'log'>,
): PostgresListener {
  const { orm, config, redis, log } = deps;
  return relayToGateways({
    orm,
    databaseUrl: config.DATABASE_URL,
    channel: 'identity_sessions',
    schema: config.DB_SCHEMA,
    log,
    redis,
    prefix: config.QUEUE_PREFIX,
    topic: 'sessions',
    messageOf: (userId) => userId,
  });
}
