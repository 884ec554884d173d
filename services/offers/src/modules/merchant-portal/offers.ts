import type { EntityManager } from '@mikro-orm/core';
import {
  proposalFields,
  type CodeSource,
  type MerchantBrand,
  type MerchantOffer,
  type MerchantOfferDetail,
  type MerchantOfferFields,
} from '@tullab/contracts';
import { HttpError, type Identity } from '@tullab/http';
import { BrandSchema } from '../brands/entities';
import { isLowPool, poolCounts, type PoolCounts } from '../code-pool/pool';
import { OfferSchema, type Offer } from '../offers/entities';
import { openReportCounts } from '../offers/report-counts';
import { pauseOffer } from '../offers/service';

export const OFFER_NOT_FOUND = 'Offer not found';

/** The caller's brand (decision 016); a brand that is gone is a 404. */
export async function getBrand(em: EntityManager, brandId: string): Promise<MerchantBrand> {
  const brand = await em.findOne(BrandSchema, { id: brandId });
  if (!brand) throw new HttpError(404, 'Brand not found');
  return { id: brand.id, name: brand.name, contactEmail: brand.contactEmail };
}

/**
 * One of the brand's offers. Another brand's offer, an offer of no brand and a deleted (archived) one are a 404 with
 * the words an unknown id gets, so a merchant cannot tell them apart (decision 016).
 */
export async function findBrandOffer(em: EntityManager, brandId: string, offerId: string): Promise<Offer> {
  const offer = await em.findOne(OfferSchema, { id: offerId, brandId, status: { $ne: 'archived' } });
  if (!offer) throw new HttpError(404, OFFER_NOT_FOUND);
  return offer;
}

/** Where a student's code comes from (decision 012): a pool is any code ever imported, claimed or not. */
function codeSourceOf(offer: Offer, pool: PoolCounts): CodeSource {
  if (offer.offerType === 'referral') return 'referral';
  if (pool.codesTotal > 0) return 'pool';
  return offer.code ? 'own' : 'generated';
}

function merchantOffer(offer: Offer, pool: PoolCounts, reportsOpen: number): MerchantOffer {
  const source = codeSourceOf(offer, pool);
  return {
    id: offer.id,
    title: offer.title,
    titleAr: offer.titleAr ?? null,
    status: offer.status,
    offerType: offer.offerType,
    codeSource: source,
    codesTotal: source === 'pool' ? pool.codesTotal : null,
    codesLeft: source === 'pool' ? pool.codesLeft : null,
    poolLow: source === 'pool' && isLowPool(pool),
    reportsOpen,
    expiresAt: offer.expiresAt ? offer.expiresAt.toISOString() : null,
    createdAt: offer.createdAt.toISOString(),
  };
}

/** The offers as the portal shows them, with their pools and open reports (two queries for any number). */
async function merchantOffers(em: EntityManager, offers: Offer[]): Promise<MerchantOffer[]> {
  const ids = offers.map((offer) => offer.id);
  const pools = await poolCounts(em, ids);
  const reports = await openReportCounts(em, ids);
  return offers.map((offer) => merchantOffer(offer, pools.get(offer.id)!, reports.get(offer.id) ?? 0));
}

/** Every offer of the brand but the deleted (archived) ones, newest first. */
export async function listBrandOffers(em: EntityManager, brandId: string): Promise<MerchantOffer[]> {
  const offers = await em.find(
    OfferSchema,
    { brandId, status: { $ne: 'archived' } },
    { orderBy: { createdAt: 'DESC', id: 'ASC' } },
  );
  return merchantOffers(em, offers);
}

export async function getBrandOffer(
  em: EntityManager,
  brandId: string,
  offerId: string,
): Promise<MerchantOffer> {
  const [record] = await merchantOffers(em, [await findBrandOffer(em, brandId, offerId)]);
  return record;
}

const PROPOSABLE = proposalFields.keyof().options;

/**
 * The offer's values of the fields an edit proposal replaces, as the proposal form sends them back (decision 016);
 * `code` is the brand's own code, never the generated one or a pool's.
 */
export function offerFields(offer: Offer): MerchantOfferFields {
  const fields = Object.fromEntries(PROPOSABLE.map((field) => [field, offer[field] ?? null]));
  return {
    ...fields,
    expiresAt: offer.expiresAt ? offer.expiresAt.toISOString() : null,
  } as MerchantOfferFields;
}

/** GET /merchant/offers/:id: the offer as the list shows it, with its proposable fields to start an edit from. */
export async function getBrandOfferDetail(
  em: EntityManager,
  brandId: string,
  offerId: string,
): Promise<MerchantOfferDetail> {
  const offer = await findBrandOffer(em, brandId, offerId);
  const [record] = await merchantOffers(em, [offer]);
  return { ...record, fields: offerFields(offer) };
}

/**
 * A merchant pauses their live offer at once, as the console's pause does (audited with the merchant as the actor);
 * any other status is a 409. The caller drops the cached catalogue.
 */
export async function pauseBrandOffer(
  em: EntityManager,
  brandId: string,
  offerId: string,
  actor: Identity,
  requestId: string | null,
): Promise<MerchantOffer> {
  const offer = await findBrandOffer(em, brandId, offerId);
  if (offer.status !== 'live')
    throw new HttpError(409, `Only a live offer can be paused; this one is ${offer.status}`);
  await pauseOffer(em.fork(), offer.id, actor, requestId);
  return getBrandOffer(em.fork(), brandId, offerId);
}
