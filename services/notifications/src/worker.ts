import type { Handlers } from '@tullab/events';
import type { NotificationsContext } from './context';
import { onEmailRequested } from './modules/emails/events';
import { onAccountDeleted } from './modules/personal-data/erasure';

/**
 * What the `notifications` queue carries and who handles it. `@tullab/runtime` starts the one consumer with these
 * (`startConsumer('notifications', handlers, …)`): unknown events and bad payloads fail without retry, and every
 * event is handled once.
 */
export const createHandlers = (ctx: NotificationsContext): Handlers => ({
  'email.requested': onEmailRequested({
    internalSecret: ctx.config.INTERNAL_SECRET,
    onRecorded: () => ctx.dispatcher.nudge(),
  }),
  /** decision 009: the person's mail and contact messages are erased */
  'account.deleted': onAccountDeleted,
});
