import { z } from 'zod';
import { brandAppModes } from '../merchant/apps.js';

/**
 * A brand's server at its checkout (issue 30 points 3 and 4, docs/connect.md): it redeems the single-use redemption
 * token the student's ID token carried, then reports the order that redemption brought. Both calls authenticate with
 * the brand app's client id and secret (HTTP Basic) and are safe to retry: a redemption with the `Idempotency-Key` it
 * was made with answers the same, an order with the same reference and figures answers the same.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** An `Idempotency-Key`: what Stripe and the IETF draft take, a client-made string of printable ASCII. */
export const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'An Idempotency-Key is 1 to 255 printable ASCII characters');

/** The most an order's amount may be, in AED: above any student's basket, below an integer overflow. */
export const ORDER_AMOUNT_MAX_AED = 1_000_000;

export const checkoutMessages = {
  token: 'Give the redemption token from the ID token',
  redemptionId: 'Give the id of the redemption this order is for',
  reference: 'Give your order reference, 1 to 100 characters',
  amount: `Give the order's amount in AED, more than 0 and at most ${ORDER_AMOUNT_MAX_AED}, with at most 2 decimals`,
  currency: 'The currency is AED',
} as const;

/** POST /connect/redemptions */
export const redeemTokenBody = z.object({
  token: z
    .string(checkoutMessages.token)
    .trim()
    .min(1, checkoutMessages.token)
    .max(2000, checkoutMessages.token),
});
export type RedeemTokenBody = z.infer<typeof redeemTokenBody>;

/** A redemption a brand's checkout made, as the brand sees it: never the student. */
export const checkoutRedemptionAnswer = z
  .object({
    id: z.uuid().meta({ description: 'the redemption: report its order with this id' }),
    offerId: z.uuid(),
    mode: z
      .enum(brandAppModes)
      .meta({ description: "the app's: a test app's redemptions are not in the funnel" }),
    redeemedAt: z.string(),
  })
  .meta({ id: 'CheckoutRedemption' });
export type CheckoutRedemptionAnswer = z.infer<typeof checkoutRedemptionAnswer>;

/** An amount in AED with at most two decimals (fils), as a JSON number. */
const amount = z
  .number(checkoutMessages.amount)
  .positive(checkoutMessages.amount)
  .max(ORDER_AMOUNT_MAX_AED, checkoutMessages.amount)
  .multipleOf(0.01, checkoutMessages.amount);

/** POST /connect/orders */
export const reportOrderBody = z.object({
  redemptionId: z.uuid(checkoutMessages.redemptionId),
  reference: z
    .string(checkoutMessages.reference)
    .trim()
    .min(1, checkoutMessages.reference)
    .max(100, checkoutMessages.reference),
  amount,
  currency: z.literal('AED', checkoutMessages.currency),
});
export type ReportOrderBody = z.infer<typeof reportOrderBody>;

export const checkoutOrderAnswer = z
  .object({
    id: z.uuid(),
    redemptionId: z.uuid(),
    reference: z.string(),
    amount: z.number(),
    currency: z.literal('AED'),
    reportedAt: z.string(),
  })
  .meta({ id: 'CheckoutOrder' });
export type CheckoutOrderAnswer = z.infer<typeof checkoutOrderAnswer>;

/**
 * The gateway's question to identity for a brand's server's call (`access: 'brandApp'`): whose app these credentials
 * are, from its `Authorization: Basic` header. Anything identity would not look up is no app.
 */
export const resolveBrandAppBody = z.object({
  clientId: z.uuid(),
  secret: z.string().min(1).max(200),
});
export type ResolveBrandAppBody = z.infer<typeof resolveBrandAppBody>;

export const resolvedBrandAppAnswer = z.object({
  appId: z.uuid(),
  brandId: z.uuid(),
  mode: z.enum(brandAppModes),
});
export type ResolvedBrandApp = z.infer<typeof resolvedBrandAppAnswer>;
