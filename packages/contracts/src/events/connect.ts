import { z } from 'zod';
import { brandAppModes } from '../merchant/apps.js';

/**
 * The events of Verify with Tullab (issue 30 point 5) that become a brand's signed webhooks in notifications. They name
 * the student only by the pairwise subject the brand's app saw in its ID token (decision 019): an HMAC that tells the
 * brand nothing it was not told at its checkout, and another brand nothing at all. No name, e-mail, phone or student
 * id travels.
 */
const subject = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .meta({ description: "the pairwise `sub` of the student's ID token for this app" });

const appFields = {
  appId: z.uuid(),
  brandId: z.uuid(),
  mode: z.enum(brandAppModes),
};

/**
 * A brand app was made, changed, had its secret rotated or was revoked (identity): notifications keeps which app is
 * whose, so a brand manages the webhooks of its own apps only. Each change carries the whole state, so the newest
 * one applied wins.
 */
export const brandAppChangedPayload = z.object({ ...appFields, revoked: z.boolean() });
export type BrandAppChangedPayload = z.infer<typeof brandAppChangedPayload>;

/**
 * The provider issued an ID token to a brand's app (identity): whether the student is verified and until which day,
 * and the offer the checkout named, if any.
 */
export const connectVerifiedPayload = z.object({
  ...appFields,
  subject,
  verified: z.boolean(),
  /** `YYYY-MM-DD`, the day the verification lapses; null when the student is not verified */
  verifiedUntil: z.iso.date().nullable(),
  offerId: z.uuid().nullable(),
});
export type ConnectVerifiedPayload = z.infer<typeof connectVerifiedPayload>;

/** A brand's server redeemed a checkout's redemption token (offers), in either mode. */
export const connectRedeemedPayload = z.object({
  ...appFields,
  subject,
  redemptionId: z.uuid(),
  offerId: z.uuid(),
  redeemedAt: z.iso.datetime(),
});
export type ConnectRedeemedPayload = z.infer<typeof connectRedeemedPayload>;

/**
 * A student's verification stopped being active (identity, on `verification.status_changed`): one event per brand app
 * the student has a live grant with, named by that app's subject.
 */
export const connectVerificationExpiredPayload = z.object({
  ...appFields,
  subject,
  /** when the verification stopped being active */
  expiredAt: z.iso.datetime(),
});
export type ConnectVerificationExpiredPayload = z.infer<typeof connectVerificationExpiredPayload>;
