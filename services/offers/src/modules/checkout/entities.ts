import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { brandAppModes } from '@tullab/contracts';

/**
 * A redemption token a brand's checkout redeemed (issue 30 point 3): the token's id (`tokenId`, unique, which makes
 * a token single-use), the app and brand, the offer and the student. The student is forgotten when their account is
 * erased (decision 009); the redemption stays counted.
 */
export const CheckoutRedemptionSchema = defineEntity({
  name: 'CheckoutRedemption',
  tableName: 'checkout_redemption',
  properties: {
    id: p.uuid().primary(),
    tokenId: p.uuid().unique(),
    brandId: p.uuid(),
    appId: p.uuid(),
    mode: p.enum([...brandAppModes]),
    offerId: p.uuid(),
    studentId: p.uuid().nullable(),
    /** the `Idempotency-Key` it was redeemed with, unique per app */
    idempotencyKey: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
export type CheckoutRedemption = InferEntity<typeof CheckoutRedemptionSchema>;

/**
 * The order a checkout redemption brought (issue 30 point 4): one per redemption, its reference unique per app, its
 * amount in fils (AED × 100, so sums are exact).
 */
export const CheckoutOrderSchema = defineEntity({
  name: 'CheckoutOrder',
  tableName: 'checkout_order',
  properties: {
    id: p.uuid().primary(),
    redemptionId: p.uuid().unique(),
    brandId: p.uuid(),
    appId: p.uuid(),
    mode: p.enum([...brandAppModes]),
    offerId: p.uuid(),
    reference: p.string(),
    amountFils: p.integer(),
    currency: p.string(),
    createdAt: p.datetime(),
  },
});
export type CheckoutOrder = InferEntity<typeof CheckoutOrderSchema>;
