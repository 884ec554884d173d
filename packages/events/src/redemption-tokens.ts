import { randomUUID } from 'node:crypto';
import { brandAppModes } from '@tullab/contracts';
import { z } from 'zod';
import { seal, unseal } from './sealed';

/**
 * A checkout's single-use redemption token (issue 30 point 3, docs/connect.md): identity puts it in the ID token of a
 * student verified for one of a brand's offers; the brand's server hands it to offers, which redeems it once. It is
 * sealed with INTERNAL_SECRET (AES-256-GCM), so only Tullab's services can make or read one and the brand learns
 * nothing from it; it names the brand, the app, the offer, the student and the student's pairwise subject for the app,
 * and lives REDEMPTION_TOKEN_TTL_MS. Nothing stores it: offers keeps the `jti` of each redeemed one, which is what
 * makes it single-use.
 */
export const REDEMPTION_TOKEN_TTL_MS = 10 * 60_000;
const tokenPurpose = 'checkout-redemption';

export const redemptionTokenClaims = z.object({
  /** the token's own id: redeemed once */
  jti: z.uuid(),
  brandId: z.uuid(),
  appId: z.uuid(),
  /** a test app's redemptions and orders are kept apart from the funnel */
  mode: z.enum(brandAppModes),
  offerId: z.uuid(),
  studentId: z.uuid(),
  /** the pairwise `sub` the app saw for the student: what offers' `connect.redeemed` names them by (issue 30 point 5) */
  subject: z.string().regex(/^[0-9a-f]{64}$/),
  /** epoch milliseconds after which it is refused */
  expiresAt: z.number().int(),
});
export type RedemptionTokenClaims = z.infer<typeof redemptionTokenClaims>;

/** A new token for this brand's app, offer and student, valid from `now`. */
export function sealRedemptionToken(
  secret: string,
  claims: Omit<RedemptionTokenClaims, 'jti' | 'expiresAt'>,
  now = Date.now(),
): string {
  const payload = { ...claims, jti: randomUUID(), expiresAt: now + REDEMPTION_TOKEN_TTL_MS };
  return seal(secret, {
    purpose: tokenPurpose,
    claims: JSON.stringify(redemptionTokenClaims.parse(payload)),
  });
}

/**
 * What a token says, whether or not it has expired (a brand is told which: an expired token is not a forged one), or
 * null when it is forged, altered or not a redemption token.
 */
export function openRedemptionToken(secret: string, token: string): RedemptionTokenClaims | null {
  try {
    const values = unseal(secret, token);
    if (values.purpose !== tokenPurpose) return null;
    const parsed = redemptionTokenClaims.safeParse(JSON.parse(values.claims));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
