import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { HttpError, type ListQuery } from '@tullab/http';
import type { OfferProposalAnswer, OfferProposalSummary } from '@tullab/contracts';
import { BrandSchema } from '../brands/entities';
import type { StoredLogo } from '../logos/store';
import { OfferProposalSchema, type OfferProposal } from './entities';

export const NOT_FOUND = 'Proposal not found';

async function toAnswers(em: EntityManager, proposals: OfferProposal[]): Promise<OfferProposalAnswer[]> {
  const brandIds = [...new Set(proposals.map((proposal) => proposal.brandId))];
  const brands = new Map(
    (brandIds.length ? await em.find(BrandSchema, { id: { $in: brandIds } }) : []).map((brand) => [
      brand.id,
      brand.name,
    ]),
  );
  return proposals.map((proposal) => ({
    id: proposal.id,
    brandId: proposal.brandId,
    brandName: brands.get(proposal.brandId) ?? '',
    offerId: proposal.offerId ?? null,
    kind: proposal.kind,
    status: proposal.status,
    fields: proposal.fields,
    hasLogo: !!proposal.logoKey,
    reason: proposal.reason ?? null,
    proposedBy: proposal.proposedBy,
    decidedBy: proposal.decidedBy ?? null,
    decidedAt: proposal.decidedAt?.toISOString() ?? null,
    createdAt: proposal.createdAt.toISOString(),
  }));
}

export async function proposalAnswer(
  em: EntityManager,
  proposal: OfferProposal,
): Promise<OfferProposalAnswer> {
  return (await toAnswers(em, [proposal]))[0];
}

/** Staff's list (`/admin/offer-proposals`), every brand's. */
export async function listProposals(
  em: EntityManager,
  query: ListQuery,
): Promise<{ items: OfferProposalAnswer[]; total: number }> {
  const [proposals, total] = await em.findAndCount(
    OfferProposalSchema,
    query.where as FilterQuery<OfferProposal>,
    { orderBy: query.orderBy, offset: query.offset, limit: query.limit },
  );
  return { items: await toAnswers(em, proposals), total };
}

/** A brand's proposals, newest first (the merchant's list). */
export async function brandProposals(em: EntityManager, brandId: string): Promise<OfferProposalAnswer[]> {
  const proposals = await em.find(OfferProposalSchema, { brandId }, { orderBy: { createdAt: 'DESC' } });
  return toAnswers(em, proposals);
}

/** One proposal; with `brandId`, only that brand's (another brand's is unknown: 404). */
export async function findProposal(em: EntityManager, id: string, brandId?: string): Promise<OfferProposal> {
  const proposal = await em.findOne(OfferProposalSchema, { id, ...(brandId ? { brandId } : {}) });
  if (!proposal) throw new HttpError(404, NOT_FOUND);
  return proposal;
}

export async function getProposal(
  em: EntityManager,
  id: string,
  brandId?: string,
): Promise<OfferProposalAnswer> {
  return proposalAnswer(em, await findProposal(em, id, brandId));
}

export async function proposalLogo(em: EntityManager, id: string, brandId?: string): Promise<StoredLogo> {
  const proposal = await findProposal(em, id, brandId);
  if (!proposal.logoKey || !proposal.logoContentType) throw new HttpError(404, 'Logo not found');
  return { key: proposal.logoKey, contentType: proposal.logoContentType };
}

/** The console dashboard's count. */
export async function proposalCounts(em: EntityManager): Promise<OfferProposalSummary> {
  return { pending: await em.count(OfferProposalSchema, { status: 'pending' }) };
}
