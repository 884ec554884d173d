import type { Handlers } from '@tullab/events';
import type { OffersContext } from './context';
import { onVerificationStatusChanged } from './modules/merchant-portal/institutions';
import { onAccountDeleted } from './modules/personal-data/erasure';
import { activityOf, countActivities } from './modules/tracking/events';

/**
 * The events offers consumes from its queue `offers` (the runtime starts one Worker): every tracking event adds to
 * its offer's daily counters, its student or visitor once a day (decision 008); a redemption, or an active student's
 * code copy or click-through, also makes the student one of the offer's `currentUses`, once per student. A batch of
 * tracking calls is counted in one transaction.
 */
export const createHandlers = (_ctx: OffersContext): Handlers => ({
  'offer.activity_recorded': ({ events }, context) => countActivities(context, events.map(activityOf)),
  'offer.redeemed': ({ offerId, userId }, context) =>
    countActivities(context, [
      {
        offerId,
        userId,
        visitor: null,
        counter: 'redemptions',
        engages: true,
        occurredAt: context.envelope.occurredAt,
      },
    ]),
  /** decision 016: an active student's institution, for the brands' counts of where their students study */
  'verification.status_changed': onVerificationStatusChanged,
  /** decision 009: the person's redemptions and tracking stay counted, anonymously */
  'account.deleted': onAccountDeleted,
});
