import type { Handlers } from '@tullab/events';
import { ObjectStore } from '@tullab/storage';
import type { Config } from './config';
import { onAccountDeleted } from './modules/personal-data/erasure';

/**
 * The events verification consumes from its queue `verification` (the runtime starts one Worker): a deleted account
 * (decision 009), whose documents it removes from the bucket the configuration names.
 */
export function handlersFor(config: Config): Handlers {
  return {
    'account.deleted': onAccountDeleted(new ObjectStore(config, config.DOCUMENT_BUCKET)),
  };
}
