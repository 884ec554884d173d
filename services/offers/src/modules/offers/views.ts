import type { EntityManager } from '@mikro-orm/core';
import { apiPath, offers } from '@tullab/contracts';
import { isFlagged, openReportCounts } from './report-counts';
import { isLowPool, poolCounts, type PoolCounts } from '../code-pool/pool';
import type { Offer } from './entities';

/** Where the gateway serves an offer's logo; `v` changes with the logo, so the URL can be cached for ever. */
export function logoUrl(offer: Pick<Offer, 'id' | 'logoKey' | 'logoVersion'>): string | null {
  return offer.logoKey ? `${apiPath(offers.routes.logo, { id: offer.id })}?v=${offer.logoVersion}` : null;
}

/**
 * An offer as the catalogue lists it (decision 007): what its card, the search and the sorts use, with the Arabic
 * title and description (issue 12; null when none). Never its code, code pool or referral link (S32).
 */
export function catalogueItem(offer: Offer) {
  return {
    id: offer.id,
    title: offer.title,
    titleAr: offer.titleAr ?? null,
    brandName: offer.brandName,
    businessName: offer.businessName,
    logoUrl: logoUrl(offer),
    businessDescription: offer.businessDescription,
    description: offer.description,
    descriptionAr: offer.descriptionAr ?? null,
    businessCategory: offer.businessCategory,
    offerType: offer.offerType,
    discountType: offer.discountType ?? null,
    discountValue: offer.discountValue ?? null,
    expiresAt: offer.expiresAt ?? null,
    createdAt: offer.createdAt,
    currentUses: offer.currentUses,
  };
}

/**
 * An offer as anyone may see it once they open it (SPEC §3): the catalogue's fields and the texts of its modal, each
 * Arabic one beside its English one (null when none).
 */
export function publicOffer(offer: Offer) {
  return {
    ...catalogueItem(offer),
    websiteLink: offer.websiteLink ?? null,
    discountRedemptionGuide: offer.discountRedemptionGuide,
    discountRedemptionGuideAr: offer.discountRedemptionGuideAr ?? null,
    termsAndConditions: offer.termsAndConditions,
    termsAndConditionsAr: offer.termsAndConditionsAr ?? null,
    generalInfo: offer.generalInfo ?? null,
  };
}
export type PublicOffer = ReturnType<typeof publicOffer>;

/**
 * An offer as staff see it in the console: everything, with its code pool's state and the code Tullab made for it
 * (what students get without a code of its own or a pool, decision 012).
 */
function adminOffer(offer: Offer, pool: PoolCounts, reportsOpen = 0) {
  return {
    ...publicOffer(offer),
    status: offer.status,
    code: offer.code ?? null,
    generatedCode: offer.generatedCode,
    referralLink: offer.referralLink ?? null,
    maxRedemptionsPerStudent: offer.maxRedemptionsPerStudent,
    ...pool,
    lowPool: isLowPool(pool),
    /** open "this code didn't work" reports; `flagged` from 3 (issue 13 point 4) */
    reportsOpen,
    flagged: isFlagged(reportsOpen),
    merchantApplicationId: offer.merchantApplicationId ?? null,
    updatedAt: offer.updatedAt,
  };
}
export type AdminOffer = ReturnType<typeof adminOffer>;

/** The console's records of `offers`, with their code pools and open reports (two queries for any number). */
export async function adminRecords(em: EntityManager, offers: Offer[]): Promise<AdminOffer[]> {
  const ids = offers.map((offer) => offer.id);
  const pools = await poolCounts(em, ids);
  const reports = await openReportCounts(em, ids);
  return offers.map((offer) => adminOffer(offer, pools.get(offer.id)!, reports.get(offer.id) ?? 0));
}

export async function adminRecord(em: EntityManager, offer: Offer): Promise<AdminOffer> {
  const [record] = await adminRecords(em, [offer]);
  return record;
}
