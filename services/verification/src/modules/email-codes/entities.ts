import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A 6-digit code sent to a student e-mail (S13–S17): only HMAC(key, purpose‖userId‖email‖code) is stored. */
export const EmailCodeSchema = defineEntity({
  name: 'EmailCode',
  tableName: 'verification_code',
  properties: {
    id: p.uuid().primary(),
    requestId: p.uuid(),
    userId: p.uuid(),
    studentEmail: p.string(),
    codeHash: p.string(),
    /** wrong tries against this code; at 5 it is dead */
    attempts: p.integer(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    /** set when a newer code made this one useless */
    revokedAt: p.datetime().nullable(),
  },
});
export type EmailCode = InferEntity<typeof EmailCodeSchema>;
