import { raw, type EntityManager } from '@mikro-orm/core';
import { rows } from '@tullab/db';
import { HttpError, type Identity } from '@tullab/http';
import type { StoredLogo } from '../logos/store';
import type { CatalogueSnapshot } from './catalogue';
import { OfferSchema, type Offer } from './entities';
import { catalogueItem, publicOffer, type PublicOffer } from './views';

/** Live and not past its expiry (`?` is now): what the catalogue lists and students may redeem or track. */
const LISTED = `status = 'live' and (expires_at is null or expires_at > ?)`;
const listed = (now: Date) => ({ [raw(`(${LISTED})`, [now])]: [] });

/** The public catalogue, most popular first (SPEC §4 default sort), and when its first offer expires. */
export async function catalogueSnapshot(em: EntityManager): Promise<CatalogueSnapshot> {
  const offers = await em.find(OfferSchema, listed(new Date()), {
    orderBy: { currentUses: 'DESC', createdAt: 'DESC', id: 'ASC' },
  });
  const expiries = offers.flatMap((offer) => (offer.expiresAt ? [offer.expiresAt.getTime()] : []));
  return {
    offers: offers.map(catalogueItem),
    nextExpiry: expiries.length ? new Date(Math.min(...expiries)) : null,
  };
}

/** The offer if it is in the catalogue now; 404 for anything else (unknown, draft, paused, expired). */
export async function findListedOffer(em: EntityManager, id: string): Promise<Offer> {
  const offer = await em.findOne(OfferSchema, { id, ...listed(new Date()) });
  if (!offer) throw new HttpError(404, 'Offer not found');
  return offer;
}

/** `GET /offers/:id`: a listed offer as anyone may see it; 404 for anything else. */
export async function openOffer(em: EntityManager, id: string): Promise<PublicOffer> {
  return publicOffer(await findListedOffer(em, id));
}

/** Which of `ids` are in the catalogue now: one query, no entities (a batch of tracking calls, decision 004). */
export async function listedOfferIds(em: EntityManager, ids: string[]): Promise<Set<string>> {
  const found = await rows<{ id: string }>(em, `select id from offer where id in (?) and ${LISTED}`, [
    ids,
    new Date(),
  ]);
  return new Set(found.map((row) => row.id));
}

/**
 * An offer's logo: a listed offer's for anyone, any offer's for staff (a draft, paused or expired offer shows
 * nothing to the public, issue "Abuse-proof" point 4), and for a student any offer they have a code of (their
 * "My codes", decision 013); 404 otherwise. `listed` says which (an unlisted one is answered to its caller only).
 */
export async function offerLogo(
  em: EntityManager,
  id: string,
  caller: Identity,
): Promise<StoredLogo & { version: number; listed: boolean }> {
  const staff = caller.role === 'staff' || caller.role === 'admin';
  let offer = await em.findOne(OfferSchema, { id, ...(staff ? {} : listed(new Date())) });
  let isListed = !staff || (await listedOfferIds(em, [id])).has(id);
  if (!offer && caller.role === 'student' && caller.userId && (await hasRedeemed(em, id, caller.userId))) {
    offer = await em.findOne(OfferSchema, { id });
    isListed = false;
  }
  if (!offer?.logoKey || !offer.logoContentType) throw new HttpError(404, 'Logo not found');
  return {
    key: offer.logoKey,
    contentType: offer.logoContentType,
    version: offer.logoVersion,
    listed: isListed,
  };
}

/** Whether the student has a redemption (a code or a referral link) of the offer. */
async function hasRedeemed(em: EntityManager, offerId: string, userId: string): Promise<boolean> {
  const found = await rows(em, 'select 1 from redemption where offer_id = ? and user_id = ? limit 1', [
    offerId,
    userId,
  ]);
  return found.length > 0;
}
