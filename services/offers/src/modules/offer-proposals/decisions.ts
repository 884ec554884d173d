import { LockMode, type EntityManager } from '@mikro-orm/core';
import { proposalFields, type OfferProposalAnswer, type UpdateOfferBody } from '@tullab/contracts';
import { addToOutbox } from '@tullab/events';
import { HttpError, type Identity } from '@tullab/http';
import { recordAudit } from '@tullab/audit-log';
import type { OffersContext } from '../../context';
import { BrandSchema, type Brand } from '../brands/entities';
import type { StoredLogo } from '../logos/store';
import { MerchantApplicationSchema } from '../merchant-applications/entities';
import { auditOffer, editableState, offerChanges } from '../offers/audit';
import { OfferSchema } from '../offers/entities';
import { discardOfferLogo, newOffer, replaceOfferLogo, updateOffer } from '../offers/service';
import { OfferProposalSchema, type OfferProposal } from './entities';
import { NOT_FOUND, proposalAnswer } from './records';
import { dropProposalLogo, RESOURCE } from './service';

type ProposedFields = ReturnType<typeof proposalFields.parse>;

interface Decision {
  action: 'approve' | 'reject';
  reason: string | null;
  /**
   * applies the decision to the locked, pending proposal; answers the key of a logo no offer uses any more (the one
   * an approved logo replaced, a rejected proposal's own), if any
   */
  apply(
    tx: EntityManager,
    proposal: OfferProposal,
    brand: Brand,
    fields: ProposedFields,
  ): Promise<string | null>;
}

const logoOf = (proposal: OfferProposal): StoredLogo | null =>
  proposal.logoKey && proposal.logoContentType
    ? { key: proposal.logoKey, contentType: proposal.logoContentType }
    : null;

/**
 * Takes a staff decision exactly once (S31): the proposal is locked and must still be pending (409 otherwise); the
 * decision, its audit rows and the e-mail to the brand's contact are stored in one transaction. An approval drops the
 * catalogue once it is committed (decision 005); the logo the decision left unused is removed then (decision 017).
 */
async function decide(
  ctx: OffersContext,
  id: string,
  actor: Identity,
  requestId: string | null,
  decision: Decision,
): Promise<OfferProposalAnswer> {
  const { answer, unused } = await ctx.em.fork().transactional(async (tx) => {
    const proposal = await tx.findOne(OfferProposalSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!proposal) throw new HttpError(404, NOT_FOUND);
    if (proposal.status !== 'pending')
      throw new HttpError(409, 'This proposal was already decided', { code: 'already_reviewed' });
    const brand = await tx.findOneOrFail(BrandSchema, { id: proposal.brandId });
    const fields = proposalFields.parse(proposal.fields);
    const unused = await decision.apply(tx, proposal, brand, fields);
    Object.assign(proposal, { decidedBy: actor.userId, decidedAt: new Date() });
    recordAudit(tx, actor, requestId, {
      action: decision.action,
      resource: RESOURCE,
      resourceId: id,
      subjectId: proposal.offerId ?? null,
      fromStatus: 'pending',
      toStatus: proposal.status,
      reason: decision.reason,
    });
    addToOutbox(
      tx,
      'email.requested',
      {
        to: brand.contactEmail,
        template: 'offer-proposal-decided',
        data: {
          contactName: brand.contactName,
          brandName: brand.name,
          offerTitle: fields.title,
          approved: decision.action === 'approve' ? 'true' : 'false',
          ...(decision.reason ? { reason: decision.reason } : {}),
        },
        language: brand.language,
      },
      requestId,
    );
    await tx.flush();
    return { answer: await proposalAnswer(tx, proposal), unused };
  });
  if (decision.action === 'approve') ctx.catalogue.invalidate();
  await discardOfferLogo(ctx, unused);
  ctx.log.info(
    { proposalId: id, offerId: answer.offerId, by: actor.userId },
    `offer proposal ${answer.status}`,
  );
  return answer;
}

/** A new offer of the brand, made as the approval of its merchant application makes one; audited on the offer. */
async function createProposedOffer(
  tx: EntityManager,
  proposal: OfferProposal,
  brand: Brand,
  fields: ProposedFields,
  status: 'draft' | 'live',
  actor: Identity,
  requestId: string | null,
): Promise<string> {
  if (status === 'live' && fields.expiresAt && fields.expiresAt <= new Date())
    throw new HttpError(409, 'This offer has expired: approve it as a draft and set a later expiry date', {
      code: 'offer_expired',
    });
  const application = brand.merchantApplicationId
    ? await tx.findOne(MerchantApplicationSchema, { id: brand.merchantApplicationId })
    : null;
  const offer = newOffer(tx, {
    ...fields,
    brandName: brand.name,
    businessName: application?.brandName ?? brand.name,
    businessDescription: application?.businessDescription ?? fields.description ?? fields.title,
    generalInfo: application?.generalInfo ?? null,
    maxRedemptionsPerStudent: 1,
    status,
    logo: logoOf(proposal),
    brandId: brand.id,
  });
  auditOffer(tx, actor, requestId, offer.id, {
    action: 'create',
    toStatus: status,
    changes: offerChanges({}, offer),
  });
  return offer.id;
}

/**
 * Approves: a new offer is made (a draft or live); an edit is applied to the offer exactly as the console's edit
 * applies it (PUT /admin/offers/:id: the fields a merchant does not propose stay as they are), and a proposed logo
 * replaces the offer's as the console's upload does. Each change of the offer is audited on it.
 */
export function approveProposal(
  ctx: OffersContext,
  id: string,
  status: 'draft' | 'live',
  actor: Identity,
  requestId: string | null,
): Promise<OfferProposalAnswer> {
  return decide(ctx, id, actor, requestId, {
    action: 'approve',
    reason: null,
    async apply(tx, proposal, brand, fields) {
      proposal.status = 'approved';
      if (proposal.kind === 'new') {
        proposal.offerId = await createProposedOffer(tx, proposal, brand, fields, status, actor, requestId);
        return null;
      }
      const offerId = proposal.offerId!;
      const current = await tx.findOneOrFail(OfferSchema, { id: offerId, brandId: brand.id });
      const body = { ...editableState(current), ...fields } as UpdateOfferBody;
      await updateOffer(tx, offerId, body, actor, requestId);
      const logo = logoOf(proposal);
      return logo ? (await replaceOfferLogo(tx, offerId, logo, actor, requestId)).previous : null;
    },
  });
}

/**
 * Rejects with a reason, which the brand's contact is e-mailed; the offer stays as it is, and the proposal's logo,
 * which no offer will use, leaves the bucket (decision 017).
 */
export function rejectProposal(
  ctx: OffersContext,
  id: string,
  reason: string,
  actor: Identity,
  requestId: string | null,
): Promise<OfferProposalAnswer> {
  return decide(ctx, id, actor, requestId, {
    action: 'reject',
    reason,
    async apply(_tx, proposal) {
      proposal.status = 'rejected';
      proposal.reason = reason;
      return dropProposalLogo(proposal);
    },
  });
}
