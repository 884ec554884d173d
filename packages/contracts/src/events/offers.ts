import { languages } from '../languages.js';
import { TRACKING_BATCH_MAX } from '../offers/tracking-batches.js';
import { z } from 'zod';

/**
 * What a tracking call records (SPEC §7): analytics `offer_click` (`viewed`) and `link_copy` (`link_shared`), a copied
 * code and a referral click-through.
 */
export const activityKinds = ['viewed', 'link_shared', 'code_copied', 'referral_clicked'] as const;
export type ActivityKind = (typeof activityKinds)[number];

/**
 * One tracking call, with an id of its own (S33), and who made it (docs/decisions/008): `userId` is the signed-in
 * student from the session (S29), null for anyone else; `active` whether that student's verification was active;
 * `visitor` a signed-out caller's address as the keyed hash of the day and the address, never the address itself
 * (null for signed-in callers, so staff are neither). `occurredAt` is when the call was accepted, which decides the
 * day it counts on.
 */
export const activityEvent = z.object({
  id: z.uuid(),
  kind: z.enum(activityKinds),
  offerId: z.uuid(),
  userId: z.uuid().nullable(),
  active: z.boolean(),
  visitor: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .nullable(),
  occurredAt: z.iso.datetime(),
  /** the id of the request that made the call: a batch holds the calls of many requests (ARCHITECTURE "Request ids") */
  requestId: z.string().max(128).nullable().optional(),
});
export type ActivityEvent = z.infer<typeof activityEvent>;

/** The most tracking calls one `offer.activity_recorded` carries: a whole batch of the gateway's (decision 006). */
export const ACTIVITY_BATCH_MAX = TRACKING_BATCH_MAX;

/**
 * Tracking calls offers accepted together (docs/decisions/004): written to its outbox as one row by one transaction,
 * and counted by its own worker in one transaction, the batch's event id making a redelivery count nothing.
 */
export const activityRecordedPayload = z.object({
  events: z.array(activityEvent).min(1).max(ACTIVITY_BATCH_MAX),
});
export type ActivityRecordedPayload = z.infer<typeof activityRecordedPayload>;

/** A verified student redeemed an offer. No code travels: consumers need the fact, not the secret. */
export const offerRedeemedPayload = z.object({
  offerId: z.uuid(),
  userId: z.uuid(),
  redemptionId: z.uuid(),
});
export type OfferRedeemedPayload = z.infer<typeof offerRedeemedPayload>;

/**
 * A student's saved offer ends within three days (issue 13 point 3, decision 014): published by offers' scheduled job
 * once per student and offer. Offers knows neither the student's address, consent nor language: identity decides
 * whether to mail them (only with their consent to marketing e-mails) and in which language.
 */
export const savedOfferEndingPayload = z.object({
  userId: z.uuid(),
  offerId: z.uuid(),
  title: z.string(),
  titleAr: z.string().nullable(),
  brandName: z.string(),
  expiresAt: z.iso.datetime(),
});
export type SavedOfferEndingPayload = z.infer<typeof savedOfferEndingPayload>;

/**
 * Staff approved a merchant application and its brand now exists (issue 16, decision 016): identity invites the
 * application's contact to set a password for a merchant account of the brand (once per brand: a redelivered event
 * invites no one twice).
 */
export const brandApprovedPayload = z.object({
  brandId: z.uuid(),
  brandName: z.string().min(1).max(255),
  contactEmail: z.email(),
  contactName: z.string().min(1).max(255),
  language: z.enum(languages),
});
export type BrandApprovedPayload = z.infer<typeof brandApprovedPayload>;
