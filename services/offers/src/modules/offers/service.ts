import { randomUUID } from 'node:crypto';
import { LockMode, raw, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { HttpError, type Identity, type ListQuery } from '@tullab/http';
import type { ReceivedFile } from '@tullab/storage';
import type { OffersContext } from '../../context';
import { rows } from '../../sql';
import { isFlagged, openReportCounts } from '../code-reports/service';
import { discardLogo, storeLogo, type StoredLogo } from '../logos/store';
import { generatedCode } from '../redemptions/codes';
import { isLowPool, poolCounts, type PoolCounts } from '../redemptions/pool';
import { auditOffer, editableState, offerChanges, type OfferAction } from './audit';
import type { CatalogueSnapshot } from './catalogue';
import { OfferSchema, type ArabicOfferField, type Offer, type OfferStatus } from './entities';
import type { CreateOfferBody, UpdateOfferBody } from './schemas';

/** Where the gateway serves an offer's logo; `v` changes with the logo, so the URL can be cached for ever. */
export function logoUrl(offer: Pick<Offer, 'id' | 'logoKey' | 'logoVersion'>): string | null {
  return offer.logoKey ? `/api/offers/${offer.id}/logo?v=${offer.logoVersion}` : null;
}

/**
 * An offer as the catalogue lists it (decision 007): what its card, the search and the sorts use, with the Arabic
 * title and description (issue 12; null when none). Never its code, code pool or referral link (S32).
 */
function catalogueItem(offer: Offer) {
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
function publicOffer(offer: Offer) {
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

/** The Arabic texts are optional when an offer is made in code (the demo catalogue has none). */
type OfferTexts = Omit<UpdateOfferBody, ArabicOfferField> & Partial<Pick<UpdateOfferBody, ArabicOfferField>>;

export interface NewOffer extends OfferTexts {
  status: OfferStatus;
  logo?: StoredLogo | null;
  merchantApplicationId?: string | null;
  currentUses?: number;
  createdAt?: Date;
}

/**
 * Adds an offer to the unit of work (staff form, approved application, demo catalogue), with the code made for it once
 * (decision 012).
 */
export function newOffer(em: EntityManager, input: NewOffer): Offer {
  const { logo, ...fields } = input;
  const now = new Date();
  return em.create(OfferSchema, {
    ...fields,
    id: randomUUID(),
    generatedCode: generatedCode(fields.brandName),
    businessName: fields.businessName ?? fields.brandName,
    description: fields.description ?? '',
    titleAr: fields.titleAr ?? null,
    descriptionAr: fields.descriptionAr ?? null,
    discountRedemptionGuideAr: fields.discountRedemptionGuideAr ?? null,
    termsAndConditionsAr: fields.termsAndConditionsAr ?? null,
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
  const reports = await openReportCounts(
    em,
    offers.map((offer) => offer.id),
  );
  return offers.map((offer) => adminOffer(offer, pools.get(offer.id)!, reports.get(offer.id) ?? 0));
}

async function toRecord(em: EntityManager, offer: Offer): Promise<AdminOffer> {
  const [record] = await toRecords(em, [offer]);
  return record;
}

/**
 * The console's list. Deleted (archived) offers are left out unless the filter asks for them by status, or names
 * offers by id (a redemption's offer, a reference to one).
 */
export async function listOffers(
  em: EntityManager,
  query: ListQuery,
): Promise<{ items: AdminOffer[]; total: number }> {
  const { where } = query;
  const shown = where.status || where.id ? where : { ...where, status: { $ne: 'archived' } };
  const [offers, total] = await em.findAndCount(OfferSchema, shown as FilterQuery<Offer>, {
    orderBy: query.orderBy,
    offset: query.offset,
    limit: query.limit,
  });
  return { items: await toRecords(em, offers), total };
}

export async function getOffer(em: EntityManager, id: string): Promise<AdminOffer> {
  return toRecord(em, await em.findOneOrFail(OfferSchema, { id }));
}

/** An offer staff may change, locked until the transaction ends (its audit row says what it was); 409 once deleted. */
export async function lockOffer(tx: EntityManager, id: string): Promise<Offer> {
  const offer = await tx.findOneOrFail(OfferSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (offer.status === 'archived') throw new HttpError(409, 'This offer was deleted');
  return offer;
}

/** Creates an offer from the staff form, audited with every field it was given. */
export async function createOffer(
  em: EntityManager,
  body: CreateOfferBody,
  actor: Identity,
  requestId: string | null,
): Promise<AdminOffer> {
  return em.transactional(async (tx) => {
    const offer = newOffer(tx, body);
    const changes = offerChanges({}, offer);
    auditOffer(tx, actor, requestId, offer.id, { action: 'create', toStatus: offer.status, changes });
    await tx.flush();
    return toRecord(tx, offer);
  });
}

/** Replaces the editable fields; the fields that changed are audited (the same form again changes nothing). */
export async function updateOffer(
  em: EntityManager,
  id: string,
  body: UpdateOfferBody,
  actor: Identity,
  requestId: string | null,
): Promise<AdminOffer> {
  return em.transactional(async (tx) => {
    const offer = await lockOffer(tx, id);
    const before = editableState(offer);
    tx.assign(offer, {
      ...body,
      businessName: body.businessName ?? body.brandName,
      description: body.description ?? '',
    });
    const changes = offerChanges(before, offer);
    if (Object.keys(changes).length) {
      offer.updatedAt = new Date();
      auditOffer(tx, actor, requestId, id, { action: 'update', changes });
    }
    await tx.flush();
    return toRecord(tx, offer);
  });
}

interface StatusChange {
  action: OfferAction;
  to: OfferStatus;
  /** the statuses it applies to and the answer (409) in any other; absent: all (lockOffer refuses archived ones) */
  from?: { statuses: OfferStatus[]; refusal: string };
}

/** Moves an offer to another status, audited from what it was. */
async function changeStatus(
  em: EntityManager,
  id: string,
  change: StatusChange,
  actor: Identity,
  requestId: string | null,
): Promise<AdminOffer> {
  return em.transactional(async (tx) => {
    const offer = await lockOffer(tx, id);
    const { action, to, from } = change;
    if (from && !from.statuses.includes(offer.status)) throw new HttpError(409, from.refusal);
    if (to === 'live' && offer.expiresAt && offer.expiresAt <= new Date())
      throw new HttpError(409, 'This offer has expired: set a later expiry date first');
    auditOffer(tx, actor, requestId, id, { action, fromStatus: offer.status, toStatus: to });
    offer.status = to;
    offer.updatedAt = new Date();
    await tx.flush();
    return toRecord(tx, offer);
  });
}

/** The status changes staff make; a deleted (archived) offer takes none of them. */
const PAUSE: StatusChange = {
  action: 'pause',
  to: 'paused',
  from: { statuses: ['live'], refusal: 'Only a live offer can be paused' },
};
const RESUME: StatusChange = {
  action: 'resume',
  to: 'live',
  from: { statuses: ['draft', 'paused', 'expired'], refusal: 'This offer is already live' },
};
const ARCHIVE: StatusChange = { action: 'delete', to: 'archived' };

export const pauseOffer = (em: EntityManager, id: string, actor: Identity, requestId: string | null) =>
  changeStatus(em, id, PAUSE, actor, requestId);

/** Publishes a draft, or puts a paused or expired offer back in the catalogue. */
export const resumeOffer = (em: EntityManager, id: string, actor: Identity, requestId: string | null) =>
  changeStatus(em, id, RESUME, actor, requestId);

/**
 * Deletes an offer as staff see it: archives it. It leaves the catalogue, the console's default list and every
 * student's reach, and can no longer change; its redemptions, codes, statistics and logo are kept. Answers the
 * archived record, as react-admin expects.
 */
export const deleteOffer = (em: EntityManager, id: string, actor: Identity, requestId: string | null) =>
  changeStatus(em, id, ARCHIVE, actor, requestId);

/** Offer logos live under `offers/`; an approved application's logo stays the application's. */
const ownedLogo = (key: string | null | undefined): key is string => !!key?.startsWith('offers/');

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

/**
 * Stores a new logo (object first, then the row, audited) and gives it a new version, so its URL changes. The object
 * of a change that fails is removed again.
 */
export async function setOfferLogo(
  ctx: Pick<OffersContext, 'em' | 'store' | 'log'>,
  id: string,
  file: ReceivedFile,
  actor: Identity,
  requestId: string | null,
): Promise<AdminOffer> {
  const { em, store, log } = ctx;
  const logo = await storeLogo(store, 'offers', file);
  const { record, previous } = await em
    .transactional(async (tx) => {
      const offer = await lockOffer(tx, id);
      const previous = offer.logoKey;
      const logoVersion = offer.logoVersion + 1;
      const changes = { logoVersion: { from: offer.logoVersion, to: logoVersion } };
      auditOffer(tx, actor, requestId, id, { action: 'change-logo', changes });
      tx.assign(offer, {
        logoKey: logo.key,
        logoContentType: logo.contentType,
        logoVersion,
        updatedAt: new Date(),
      });
      await tx.flush();
      return { record: await toRecord(tx, offer), previous };
    })
    .catch(async (err: unknown) => {
      await discardLogo(store, logo.key, log);
      throw err;
    });
  if (ownedLogo(previous)) await discardLogo(store, previous, log);
  return record;
}
