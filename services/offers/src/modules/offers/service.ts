import { randomUUID } from 'node:crypto';
import { raw, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { HttpError, type Identity, type ListQuery, type Logger } from '@tullab/http';
import type { ObjectStore, ReceivedFile } from '@tullab/storage';
import { rows } from '../../sql';
import { discardLogo, storeLogo, type StoredLogo } from '../logos/store';
import { isLowPool, poolCounts, type PoolCounts } from '../redemptions/pool';
import type { CatalogueSnapshot } from './catalogue';
import { OfferSchema, type Offer, type OfferStatus } from './entities';
import type { CreateOfferBody, UpdateOfferBody } from './schemas';

/** Where the gateway serves an offer's logo; `v` changes with the logo, so the URL can be cached for ever. */
export function logoUrl(offer: Pick<Offer, 'id' | 'logoKey' | 'logoVersion'>): string | null {
  return offer.logoKey ? `/api/offers/${offer.id}/logo?v=${offer.logoVersion}` : null;
}

/**
 * An offer as the catalogue lists it (decision 007): what its card, the search and the sorts use. Never its code,
 * code pool or referral link (S32).
 */
function catalogueItem(offer: Offer) {
  return {
    id: offer.id,
    title: offer.title,
    brandName: offer.brandName,
    businessName: offer.businessName,
    logoUrl: logoUrl(offer),
    businessDescription: offer.businessDescription,
    description: offer.description,
    businessCategory: offer.businessCategory,
    offerType: offer.offerType,
    discountType: offer.discountType ?? null,
    discountValue: offer.discountValue ?? null,
    expiresAt: offer.expiresAt ?? null,
    createdAt: offer.createdAt,
    currentUses: offer.currentUses,
  };
}

/** An offer as anyone may see it once they open it (SPEC §3): the catalogue's fields and the texts of its modal. */
function publicOffer(offer: Offer) {
  return {
    ...catalogueItem(offer),
    websiteLink: offer.websiteLink ?? null,
    discountRedemptionGuide: offer.discountRedemptionGuide,
    termsAndConditions: offer.termsAndConditions,
    generalInfo: offer.generalInfo ?? null,
  };
}
export type PublicOffer = ReturnType<typeof publicOffer>;

/** An offer as staff see it in the console: everything, with its code pool's state. */
function adminOffer(offer: Offer, pool: PoolCounts) {
  return {
    ...publicOffer(offer),
    status: offer.status,
    code: offer.code ?? null,
    referralLink: offer.referralLink ?? null,
    maxRedemptionsPerStudent: offer.maxRedemptionsPerStudent,
    ...pool,
    lowPool: isLowPool(pool),
    merchantApplicationId: offer.merchantApplicationId ?? null,
    updatedAt: offer.updatedAt,
  };
}
export type AdminOffer = ReturnType<typeof adminOffer>;

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

export interface NewOffer extends UpdateOfferBody {
  status: OfferStatus;
  logo?: StoredLogo | null;
  merchantApplicationId?: string | null;
  currentUses?: number;
  createdAt?: Date;
}

/** Adds an offer to the unit of work (staff form, approved application, demo catalogue). */
export function newOffer(em: EntityManager, input: NewOffer): Offer {
  const { logo, ...fields } = input;
  const now = new Date();
  return em.create(OfferSchema, {
    ...fields,
    id: randomUUID(),
    businessName: fields.businessName ?? fields.brandName,
    description: fields.description ?? '',
    currentUses: fields.currentUses ?? 0,
    logoKey: logo?.key ?? null,
    logoContentType: logo?.contentType ?? null,
    logoVersion: logo ? 1 : 0,
    lowPoolAlertedAt: null,
    poolExhaustedAlertedAt: null,
    merchantApplicationId: fields.merchantApplicationId ?? null,
    createdAt: fields.createdAt ?? now,
    updatedAt: now,
  });
}

async function toRecords(em: EntityManager, offers: Offer[]): Promise<AdminOffer[]> {
  const pools = await poolCounts(
    em,
    offers.map((offer) => offer.id),
  );
  return offers.map((offer) => adminOffer(offer, pools.get(offer.id)!));
}

async function toRecord(em: EntityManager, offer: Offer): Promise<AdminOffer> {
  const [record] = await toRecords(em, [offer]);
  return record;
}

export async function listOffers(
  em: EntityManager,
  query: ListQuery,
): Promise<{ items: AdminOffer[]; total: number }> {
  const [offers, total] = await em.findAndCount(OfferSchema, query.where as FilterQuery<Offer>, {
    orderBy: query.orderBy,
    offset: query.offset,
    limit: query.limit,
  });
  return { items: await toRecords(em, offers), total };
}

export async function getOffer(em: EntityManager, id: string): Promise<AdminOffer> {
  return toRecord(em, await em.findOneOrFail(OfferSchema, { id }));
}

export async function createOffer(em: EntityManager, body: CreateOfferBody): Promise<AdminOffer> {
  const offer = newOffer(em, body);
  await em.flush();
  return toRecord(em, offer);
}

export async function updateOffer(em: EntityManager, id: string, body: UpdateOfferBody): Promise<AdminOffer> {
  const offer = await em.findOneOrFail(OfferSchema, { id });
  em.assign(offer, {
    ...body,
    businessName: body.businessName ?? body.brandName,
    description: body.description ?? '',
    updatedAt: new Date(),
  });
  await em.flush();
  return toRecord(em, offer);
}

/** Moves an offer between statuses when it is in one of `from`; 409 naming the problem otherwise. */
async function changeStatus(
  em: EntityManager,
  id: string,
  from: OfferStatus[],
  to: OfferStatus,
  refusal: string,
): Promise<AdminOffer> {
  const offer = await em.findOneOrFail(OfferSchema, { id });
  if (!from.includes(offer.status)) throw new HttpError(409, refusal);
  if (to === 'live' && offer.expiresAt && offer.expiresAt <= new Date())
    throw new HttpError(409, 'This offer has expired: set a later expiry date first');
  offer.status = to;
  offer.updatedAt = new Date();
  await em.flush();
  return toRecord(em, offer);
}

export const pauseOffer = (em: EntityManager, id: string) =>
  changeStatus(em, id, ['live'], 'paused', 'Only a live offer can be paused');

/** Publishes a draft, or puts a paused or expired offer back in the catalogue. */
export const resumeOffer = (em: EntityManager, id: string) =>
  changeStatus(em, id, ['draft', 'paused', 'expired'], 'live', 'This offer is already live');

/** Offer logos live under `offers/`; an approved application's logo stays the application's. */
const ownedLogo = (key: string | null | undefined): key is string => !!key?.startsWith('offers/');

/** Deletes the offer with its codes, redemptions and counters; answers the deleted record, as react-admin expects. */
export async function deleteOffer(
  em: EntityManager,
  id: string,
  store: ObjectStore,
  log: Logger,
): Promise<AdminOffer> {
  const offer = await em.findOneOrFail(OfferSchema, { id });
  const record = await toRecord(em, offer);
  await em.nativeDelete(OfferSchema, { id });
  if (ownedLogo(offer.logoKey)) await discardLogo(store, offer.logoKey, log);
  return record;
}

/** An offer's stored logo and its version; 404 when the offer or its logo does not exist. */
/**
 * An offer's logo: a listed offer's for anyone, any offer's for staff (a draft, paused or expired offer shows
 * nothing to the public, issue "Abuse-proof" point 4); 404 otherwise. `listed` says which.
 */
export async function offerLogo(
  em: EntityManager,
  id: string,
  caller: Identity,
): Promise<StoredLogo & { version: number; listed: boolean }> {
  const staff = caller.role === 'staff' || caller.role === 'admin';
  const offer = await em.findOne(OfferSchema, { id, ...(staff ? {} : listed(new Date())) });
  if (!offer?.logoKey || !offer.logoContentType) throw new HttpError(404, 'Logo not found');
  const isListed = !staff || (await listedOfferIds(em, [id])).has(id);
  return {
    key: offer.logoKey,
    contentType: offer.logoContentType,
    version: offer.logoVersion,
    listed: isListed,
  };
}

/** Stores a new logo (object first, then the row) and gives it a new version, so its URL changes. */
export async function setOfferLogo(
  em: EntityManager,
  id: string,
  file: ReceivedFile,
  store: ObjectStore,
  log: Logger,
): Promise<AdminOffer> {
  const offer = await em.findOneOrFail(OfferSchema, { id });
  const previous = offer.logoKey;
  const logo = await storeLogo(store, 'offers', file);
  em.assign(offer, {
    logoKey: logo.key,
    logoContentType: logo.contentType,
    logoVersion: offer.logoVersion + 1,
    updatedAt: new Date(),
  });
  await em.flush();
  if (ownedLogo(previous)) await discardLogo(store, previous, log);
  return toRecord(em, offer);
}
