import type { Handler } from '@tullab/events';
import { recordSystemAudit } from '@tullab/runtime';
import type { IdentityContext } from '../../context';
import { findUserByEmail } from '../users/lookup';
import { addMerchantInvitation, MERCHANTS_RESOURCE, splitContactName } from './invitations';

/**
 * `brand.approved` (from offers, decision 016): staff approved a merchant application, so its contact is invited to
 * the brand's merchant account. Once per brand and e-mail: processed_event turns a redelivery of the same event
 * into nothing, and an account that already has the contact's e-mail gets no second invitation, whichever event
 * asks. An e-mail that is another account's (a student's, staff's, or another brand's merchant) is never taken
 * over: the invitation would hand that account to whoever holds the link. It is logged for staff and skipped; the
 * brand's people can invite a colleague with another address.
 */
export function onBrandApproved(ctx: IdentityContext): Handler<'brand.approved'> {
  return async (payload, { em, envelope, log }) => {
    const fields = { brandId: payload.brandId };
    const existing = await findUserByEmail(em, payload.contactEmail);
    if (existing?.role === 'merchant' && existing.brandId === payload.brandId) {
      log.info({ ...fields, userId: existing.id }, 'brand approved: its contact was invited already');
      return;
    }
    if (existing) {
      log.warn(
        { ...fields, userId: existing.id, role: existing.role },
        "brand approved: the contact's e-mail belongs to another account; no invitation",
      );
      return;
    }
    const user = await addMerchantInvitation(
      em,
      ctx,
      {
        email: payload.contactEmail,
        ...splitContactName(payload.contactName),
        brandId: payload.brandId,
        brandName: payload.brandName,
        language: payload.language,
      },
      null,
      envelope.requestId,
    );
    recordSystemAudit(em, envelope.requestId, {
      action: 'invite',
      resource: MERCHANTS_RESOURCE,
      resourceId: user.id,
      subjectId: user.id,
      toStatus: 'merchant',
      reason: 'merchant application approved',
    });
    log.info({ ...fields, userId: user.id }, 'brand approved: its contact was invited');
  };
}
