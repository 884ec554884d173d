import type { Handlers } from '@tullab/events';
import type { IdentityContext } from './context';
import { onSavedOfferEnding } from './modules/offer-reminders/events';
import { onStatusChanged } from './modules/users/events';

/**
 * The events identity consumes from its queue `identity` (the runtime starts one Worker for them). Its handlers need
 * nothing of the context beyond what every handler is given (`em`, `log`, the envelope); the factory keeps the one
 * shape of docs/anatomy.md.
 */
export const createHandlers = (_ctx: IdentityContext): Handlers => ({
  'verification.status_changed': onStatusChanged,
  'saved-offer.ending': onSavedOfferEnding,
});
