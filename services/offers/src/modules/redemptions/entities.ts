import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A student's redemption of an offer: the code they were given (null for a referral offer). */
export const RedemptionSchema = defineEntity({
  name: 'Redemption',
  tableName: 'redemption',
  properties: {
    id: p.uuid().primary(),
    offerId: p.uuid(),
    userId: p.uuid(),
    /** 1 for the student's first redemption of the offer, 2 for the next (when the offer allows more), … */
    sequence: p.integer(),
    code: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
export type Redemption = InferEntity<typeof RedemptionSchema>;
