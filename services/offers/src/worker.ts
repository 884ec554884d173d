import type { Handlers } from '@tullab/events';
import { countActivity } from './modules/tracking/events';

/**
 * The events offers consumes from its queue `offers` (the runtime starts one Worker): every tracking event adds to
 * its offer's daily counters; a redemption, a code copy or a click-through also makes the student one of the offer's
 * `currentUses`, once per student.
 */
export const handlers: Handlers = {
  'offer.viewed': (payload, context) => countActivity(context, payload, 'views', false),
  'offer.link_shared': (payload, context) => countActivity(context, payload, 'linkCopies', false),
  'offer.code_copied': (payload, context) => countActivity(context, payload, 'codeCopies', true),
  'offer.referral_clicked': (payload, context) => countActivity(context, payload, 'referralClicks', true),
  'offer.redeemed': (payload, context) => countActivity(context, payload, 'redemptions', true),
};
