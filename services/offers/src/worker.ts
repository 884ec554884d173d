import type { Handlers } from '@tullab/events';
import { activityOf, countActivities } from './modules/tracking/events';

/**
 * The events offers consumes from its queue `offers` (the runtime starts one Worker): every tracking event adds to
 * its offer's daily counters; a redemption, a code copy or a click-through also makes the student one of the offer's
 * `currentUses`, once per student. A batch of tracking calls is counted in one transaction.
 */
export const handlers: Handlers = {
  'offer.activity_recorded': ({ events }, context) =>
    countActivities(
      context,
      events.map(({ kind, offerId, userId, occurredAt }) => ({
        offerId,
        userId,
        occurredAt,
        ...activityOf[kind],
      })),
    ),
  'offer.redeemed': ({ offerId, userId }, context) =>
    countActivities(context, [
      { offerId, userId, occurredAt: context.envelope.occurredAt, counter: 'redemptions', engages: true },
    ]),
};
