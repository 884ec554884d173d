import type { Handlers } from '@tullab/events';
import { onEmailRequested } from './modules/emails/events';
import { onAccountDeleted } from './modules/personal-data/erasure';

export interface WorkerOptions {
  internalSecret: string;
  /** called after a new mail was committed: nudges the dispatcher */
  onEmailRecorded: () => void;
}

/**
 * What the `notifications` queue carries and who handles it. `@tullab/runtime` starts the one consumer with these
 * (`startConsumer('notifications', handlers, …)`): unknown events and bad payloads fail without retry, and every
 * event is handled once.
 */
export function createHandlers(options: WorkerOptions): Handlers {
  return {
    'email.requested': onEmailRequested({
      internalSecret: options.internalSecret,
      onRecorded: options.onEmailRecorded,
    }),
    /** decision 009: the person's mail and contact messages are erased */
    'account.deleted': onAccountDeleted,
  };
}
