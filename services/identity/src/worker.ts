import type { Handlers } from '@tullab/events';
import type { IdentityContext } from './context';
import { onBrandApproved } from './modules/merchants/events';
import { onSavedOfferEnding } from './modules/offer-reminders/events';
import { onStatusChanged } from './modules/verification-changes/events';

/**
 * The events identity consumes from its queue `identity` (the runtime starts one Worker for them). Besides what every
 * handler is given (`em`, `log`, the envelope), `brand.approved` needs the context's key to seal invitation tokens,
 * and a verification change the key of the subjects brands know students by.
 */
export const createHandlers = (ctx: IdentityContext): Handlers => ({
  'verification.status_changed': onStatusChanged(ctx.subjectKey),
  'saved-offer.ending': onSavedOfferEnding,
  'brand.approved': onBrandApproved(ctx),
});
