import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { oneTimeCodeProperties } from '@tullab/one-time-codes';

/** A 6-digit reset code (S13–S17): only HMAC(key, purpose‖userId‖code) is stored. */
export const ResetCodeSchema = defineEntity({
  name: 'ResetCode',
  tableName: 'password_reset_codes',
  properties: oneTimeCodeProperties(),
});
export type ResetCode = InferEntity<typeof ResetCodeSchema>;

/** What a correct code buys (S20): one password change within 10 minutes, from the browser holding the token. */
export const ResetGrantSchema = defineEntity({
  name: 'ResetGrant',
  tableName: 'password_reset_grants',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    tokenHash: p.string(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export type ResetGrant = InferEntity<typeof ResetGrantSchema>;
