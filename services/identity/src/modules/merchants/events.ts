import type { Handler } from '@tullab/events';
import { recordSystemAudit } from '@tullab/audit-log';
import type { IdentityContext } from '../../context';
import { findUserByEmail } from '../users/lookup';
import { MerchantInvitationSchema } from './entities';
import { addMerchantInvitation, INVITATIONS_RESOURCE, splitContactName } from './invitations';

/**
 * `brand.approved` (from offers, decision 016): staff approved a merchant application, so its contact is invited to
 * the brand. Once per brand and e-mail: processed_event turns a redelivery of the same event into nothing, and an
 * address the brand already invited gets no second invitation, whichever event asks. The invitation is not an
 * account (T24): the account is made when it is accepted. An e-mail that is already an account's (a student's,
 * staff's, or another brand's merchant) is not invited, since that account could never accept: it is logged for
 * staff, and the brand's people can be invited with another address.
 */
export function onBrandApproved(ctx: IdentityContext): Handler<'brand.approved'> {
  return async (payload, { em, envelope, log }) => {
    const fields = { brandId: payload.brandId };
    const email = payload.contactEmail.toLowerCase();
    const existing = await findUserByEmail(em, email);
    if (existing?.role === 'merchant' && existing.brandId === payload.brandId) {
      log.info({ ...fields, userId: existing.id }, 'brand approved: its contact is a merchant of it already');
      return;
    }
    if (existing) {
      log.warn(
        { ...fields, userId: existing.id, role: existing.role },
        "brand approved: the contact's e-mail belongs to another account; no invitation",
      );
      return;
    }
    const earlier = await em.findOne(MerchantInvitationSchema, { brandId: payload.brandId, email });
    if (earlier) {
      log.info({ ...fields, invitationId: earlier.id }, 'brand approved: its contact was invited already');
      return;
    }
    const invitation = addMerchantInvitation(
      em,
      ctx,
      {
        email,
        ...splitContactName(payload.contactName),
        brandId: payload.brandId,
        brandName: payload.brandName,
        language: payload.language,
      },
      null,
      envelope.requestId,
      { mail: true },
    );
    recordSystemAudit(em, envelope.requestId, {
      action: 'invite',
      resource: INVITATIONS_RESOURCE,
      resourceId: invitation.id,
      toStatus: 'merchant',
      reason: 'merchant application approved',
    });
    log.info({ ...fields, invitationId: invitation.id }, 'brand approved: its contact was invited');
  };
}
