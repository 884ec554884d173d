import type { z } from 'zod';
import {
  brandAppChangedPayload,
  connectRedeemedPayload,
  connectVerificationExpiredPayload,
  connectVerifiedPayload,
} from './connect.js';
import { accountDeletedPayload } from './identity.js';
import { emailRequestedPayload } from './notifications.js';
import {
  activityRecordedPayload,
  brandApprovedPayload,
  offerRedeemedPayload,
  savedOfferEndingPayload,
} from './offers.js';
import { statusChangedPayload, studentEmailsErasedPayload } from './verification.js';
import type { serviceQueueNames } from '../gateway/jobs.js';

type QueueName = (typeof serviceQueueNames)[number];

/** Every event: its payload schema and the queues of the services that consume it. */
export const catalog = {
  'email.requested': { schema: emailRequestedPayload, consumers: ['notifications'] },
  /** offers keeps each active student's institution for the brands' aggregated figures (decision 016) */
  'verification.status_changed': { schema: statusChangedPayload, consumers: ['identity', 'offers'] },
  /** tracking calls (views, link copies, code copies, referral clicks), accepted and stored together */
  'offer.activity_recorded': { schema: activityRecordedPayload, consumers: ['offers'] },
  'offer.redeemed': { schema: offerRedeemedPayload, consumers: ['offers'] },
  /** a merchant application was approved: identity invites its contact to the brand's merchant account */
  'brand.approved': { schema: brandApprovedPayload, consumers: ['identity'] },
  /** a student's saved offer ends within 3 days: identity mails them if they agreed to offer e-mails (decision 014) */
  'saved-offer.ending': { schema: savedOfferEndingPayload, consumers: ['identity'] },
  /** a student's account was deleted: every other service erases what it holds about them (decision 009) */
  'account.deleted': {
    schema: accountDeletedPayload,
    consumers: ['verification', 'offers', 'notifications'],
  },
  /** verification erased its part and names the student e-mails the person proved: notifications erases by them (T23) */
  'verification.student_emails_erased': { schema: studentEmailsErasedPayload, consumers: ['notifications'] },
  /** a brand app was made or changed: notifications keeps which app is whose, for its webhooks (issue 30 point 5) */
  'brand-app.changed': { schema: brandAppChangedPayload, consumers: ['notifications'] },
  /** the provider issued an ID token to a brand's app: its `student.verified` webhook */
  'connect.verified': { schema: connectVerifiedPayload, consumers: ['notifications'] },
  /** a brand's server redeemed a checkout's token: its `redemption.created` webhook */
  'connect.redeemed': { schema: connectRedeemedPayload, consumers: ['notifications'] },
  /** a connected student's verification stopped being active: the app's `verification.expired` webhook */
  'connect.verification_expired': { schema: connectVerificationExpiredPayload, consumers: ['notifications'] },
} satisfies Record<string, { schema: z.ZodType; consumers: readonly QueueName[] }>;

export type EventName = keyof typeof catalog;
export type PayloadOf<N extends EventName> = z.infer<(typeof catalog)[N]['schema']>;

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(catalog, name);
}
