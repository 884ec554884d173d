import type { Handlers } from '@tullab/events';
import type { VerificationContext } from './context';
import { onAccountDeleted } from './modules/personal-data/erasure';

/**
 * The events verification consumes from its queue `verification` (the runtime starts one Worker): a deleted account
 * (decision 009), whose documents it removes from the documents bucket.
 */
export const createHandlers = (ctx: VerificationContext): Handlers => ({
  'account.deleted': onAccountDeleted(ctx.documents, ctx.config.SUPPORT_EMAIL),
});
