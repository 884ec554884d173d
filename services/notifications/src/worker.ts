import type { Handlers } from '@tullab/events';
import type { NotificationsContext } from './context';
import { onEmailRequested } from './modules/emails/events';
import { onAccountDeleted, onStudentEmailsErased } from './modules/personal-data/erasure';
import { platformAddresses } from './modules/personal-data/reach';
import { onBrandAppChanged, webhookHandlers } from './modules/webhooks/events';

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
  /** decision 009, T23: the person's mail and contact messages are erased, by their account and proved addresses */
  'account.deleted': onAccountDeleted(platformAddresses(ctx.config)),
  /** T23: and by the student e-mails they proved at verification */
  'verification.student_emails_erased': onStudentEmailsErased(platformAddresses(ctx.config)),
  /** issue 30 point 5: which brand app is whose, and the events that become its webhooks */
  'brand-app.changed': onBrandAppChanged,
  ...webhookHandlers((deliveryId) => ctx.webhooks.deliver(deliveryId)),
});
