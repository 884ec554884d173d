import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { HttpError, type Identity, type ListQuery, type ReceivedFile } from '@tullab/http';
import type { OffersContext } from '../../context';
import { discardLogo, storeLogo, type StoredLogo } from '../logos/store';
import { generatedCode } from './codes';
import { auditOffer, editableState, offerChanges, type OfferAction } from './audit';
import type { CreateOfferBody, OfferStatus, UpdateOfferBody } from '@tullab/contracts';
import { OfferSchema, type ArabicOfferField, type Offer } from './entities';
import { adminRecord, adminRecords, type AdminOffer } from './views';

/** The Arabic texts are optional when an offer is made in code (the demo catalogue has none). */
type OfferTexts = Omit<UpdateOfferBody, ArabicOfferField> & Partial<Pick<UpdateOfferBody, ArabicOfferField>>;

export interface NewOffer extends OfferTexts {
  status: OfferStatus;
  logo?: StoredLogo | null;
  merchantApplicationId?: string | null;
  brandId?: string | null;
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
    brandId: fields.brandId ?? null,
    createdAt: fields.createdAt ?? now,
    updatedAt: now,
  });
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
  return { items: await adminRecords(em, offers), total };
}

export async function getOffer(em: EntityManager, id: string): Promise<AdminOffer> {
  return adminRecord(em, await em.findOneOrFail(OfferSchema, { id }));
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
    return adminRecord(tx, offer);
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
    return adminRecord(tx, offer);
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
      throw new HttpError(409, 'This offer has expired: set a later expiry date first', {
        code: 'offer_expired',
      });
    auditOffer(tx, actor, requestId, id, { action, fromStatus: offer.status, toStatus: to });
    offer.status = to;
    offer.updatedAt = new Date();
    await tx.flush();
    return adminRecord(tx, offer);
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
      const { offer, previous } = await replaceOfferLogo(tx, id, logo, actor, requestId);
      await tx.flush();
      return { record: await adminRecord(tx, offer), previous };
    })
    .catch(async (err: unknown) => {
      await discardLogo(store, logo.key, log);
      throw err;
    });
  await discardOfferLogo(ctx, previous);
  return record;
}

/**
 * In the caller's transaction: points the locked offer at a stored logo with a new version (its URL changes), audited
 * as `change-logo`. Answers the key it replaced, for {@link discardOfferLogo} once the change is committed.
 */
export async function replaceOfferLogo(
  tx: EntityManager,
  id: string,
  logo: StoredLogo,
  actor: Identity,
  requestId: string | null,
): Promise<{ offer: Offer; previous: string | null }> {
  const offer = await lockOffer(tx, id);
  const previous = offer.logoKey ?? null;
  const logoVersion = offer.logoVersion + 1;
  const changes = { logoVersion: { from: offer.logoVersion, to: logoVersion } };
  auditOffer(tx, actor, requestId, id, { action: 'change-logo', changes });
  tx.assign(offer, {
    logoKey: logo.key,
    logoContentType: logo.contentType,
    logoVersion,
    updatedAt: new Date(),
  });
  return { offer, previous };
}

/** Removes a replaced logo when the offer owned it (an application's stays the application's). */
export async function discardOfferLogo(
  ctx: Pick<OffersContext, 'store' | 'log'>,
  key: string | null,
): Promise<void> {
  if (ownedLogo(key)) await discardLogo(ctx.store, key, ctx.log);
}
