import type { Handlers } from '@tullab/events';
import { onSavedOfferEnding } from './modules/offer-reminders/events';
import { onStatusChanged } from './modules/users/events';

/** The events identity consumes from its queue `identity` (the runtime starts one Worker for them). */
export const handlers: Handlers = {
  'verification.status_changed': onStatusChanged,
  'saved-offer.ending': onSavedOfferEnding,
};
