import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { HttpError, type Identity, type ReceivedFile } from '@tullab/http';
import { recordAudit } from '@tullab/audit-log';
import { MAX_PENDING_PROPOSALS, type OfferProposalAnswer, type ProposalBody } from '@tullab/contracts';
import type { OffersContext } from '../../context';
import { BrandSchema } from '../brands/entities';
import { discardLogo, storeLogo, type StoredLogo } from '../logos/store';
import { OfferSchema } from '../offers/entities';
import { OfferProposalSchema, type OfferProposal } from './entities';
import { NOT_FOUND, proposalAnswer } from './records';

export const RESOURCE = 'offer-proposals';
const PENDING_EXISTS = 'This offer already has a proposal waiting for review';
const PENDING_LIMIT = `Your brand already has ${MAX_PENDING_PROPOSALS} proposals waiting for review. Withdraw one or wait for a decision.`;

/**
 * Whether the brand may propose at all (decision 017): it exists (404 otherwise) and has fewer than
 * MAX_PENDING_PROPOSALS proposals waiting (409 `proposals_pending_limit`). Asked before the form is read, so a brand at
 * its limit never has a logo read into memory (as T17 does for documents), and again under the brand's lock when the
 * proposal is stored, so proposals sent at once cannot pass the limit together.
 */
export async function admitProposal(em: EntityManager, brandId: string, lock = false): Promise<void> {
  const brand = await em.findOne(
    BrandSchema,
    { id: brandId },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );
  // a merchant whose brand is gone names nothing to propose for
  if (!brand) throw new HttpError(404, 'Brand not found');
  const pending = await em.count(OfferProposalSchema, { brandId, status: 'pending' });
  if (pending >= MAX_PENDING_PROPOSALS)
    throw new HttpError(409, PENDING_LIMIT, { code: 'proposals_pending_limit' });
}

/** The edited offer, if it is the brand's (another brand's is unknown: 404); 409 once it was deleted. */
async function brandOffer(em: EntityManager, brandId: string, offerId: string): Promise<void> {
  const offer = await em.findOne(OfferSchema, { id: offerId, brandId });
  if (!offer) throw new HttpError(404, 'Offer not found', { errors: { offerId: 'Offer not found' } });
  if (offer.status === 'archived') throw new HttpError(409, 'This offer was deleted');
  const pending = await em.count(OfferProposalSchema, { offerId, status: 'pending' });
  if (pending) throw new HttpError(409, PENDING_EXISTS, { code: 'conflict' });
}

/** The proposed fields as JSON keeps them (a date as its ISO text), without the edited offer's id. */
const storedFields = ({ offerId: _offerId, ...fields }: ProposalBody): OfferProposal['fields'] =>
  JSON.parse(JSON.stringify(fields)) as OfferProposal['fields'];

/**
 * A merchant proposes a new offer for their brand, or an edit of one of its offers (decision 016): stored as pending
 * (the logo first, then the row, audited), nothing changes for students until staff approve it. At most one pending
 * proposal per offer (409; the unique index holds it when two arrive at once) and MAX_PENDING_PROPOSALS per brand
 * (decision 017). A logo whose proposal is refused is removed again.
 */
export async function proposeOffer(
  ctx: OffersContext,
  brandId: string,
  body: ProposalBody,
  file: ReceivedFile | null,
  actor: Identity,
  requestId: string | null,
): Promise<OfferProposalAnswer> {
  const { em, store, log } = ctx;
  if (body.offerId) await brandOffer(em.fork(), brandId, body.offerId);
  const logo: StoredLogo | null = file ? await storeLogo(store, 'offers', file) : null;
  return em
    .fork()
    .transactional(async (tx) => {
      await admitProposal(tx, brandId, true);
      if (body.offerId) await brandOffer(tx, brandId, body.offerId);
      const proposal = tx.create(OfferProposalSchema, {
        id: randomUUID(),
        brandId,
        offerId: body.offerId,
        kind: body.offerId ? 'edit' : 'new',
        status: 'pending',
        fields: storedFields(body),
        logoKey: logo?.key ?? null,
        logoContentType: logo?.contentType ?? null,
        reason: null,
        proposedBy: actor.userId!,
        decidedBy: null,
        decidedAt: null,
        createdAt: new Date(),
      });
      recordAudit(tx, actor, requestId, {
        action: `propose-${proposal.kind}`,
        resource: RESOURCE,
        resourceId: proposal.id,
        subjectId: body.offerId,
        toStatus: 'pending',
      });
      await tx.flush();
      log.info(
        { proposalId: proposal.id, brandId, offerId: body.offerId, by: actor.userId },
        'offer proposed',
      );
      return proposalAnswer(tx, proposal);
    })
    .catch(async (err: unknown) => {
      if (logo) await discardLogo(store, logo.key, log);
      throw err;
    });
}

/**
 * Forgets a proposal's logo, in the caller's transaction: answers its key, for {@link discardLogo} once the change is
 * committed (decision 017: a logo no offer will use leaves the bucket).
 */
export function dropProposalLogo(proposal: OfferProposal): string | null {
  const key = proposal.logoKey ?? null;
  proposal.logoKey = null;
  proposal.logoContentType = null;
  return key;
}

/**
 * A merchant takes back their brand's pending proposal (409 once decided or withdrawn), audited; its logo is removed
 * once that is committed.
 */
export async function withdrawProposal(
  ctx: OffersContext,
  id: string,
  brandId: string,
  actor: Identity,
  requestId: string | null,
): Promise<OfferProposalAnswer> {
  const { answer, logo } = await ctx.em.fork().transactional(async (tx) => {
    const proposal = await tx.findOne(
      OfferProposalSchema,
      { id, brandId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!proposal) throw new HttpError(404, NOT_FOUND);
    if (proposal.status !== 'pending')
      throw new HttpError(409, 'Only a proposal waiting for review can be withdrawn', {
        code: 'already_reviewed',
      });
    recordAudit(tx, actor, requestId, {
      action: 'withdraw',
      resource: RESOURCE,
      resourceId: id,
      subjectId: proposal.offerId ?? null,
      fromStatus: 'pending',
      toStatus: 'withdrawn',
    });
    proposal.status = 'withdrawn';
    const logo = dropProposalLogo(proposal);
    await tx.flush();
    return { answer: await proposalAnswer(tx, proposal), logo };
  });
  if (logo) await discardLogo(ctx.store, logo, ctx.log);
  ctx.log.info({ proposalId: id, brandId, by: actor.userId }, 'offer proposal withdrawn');
  return answer;
}
