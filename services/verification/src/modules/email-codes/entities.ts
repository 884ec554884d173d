import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { oneTimeCodeProperties } from '@tullab/one-time-codes';

/** A 6-digit code sent to a student e-mail (S13–S17): only HMAC(key, purpose‖userId‖email‖code) is stored. */
export const EmailCodeSchema = defineEntity({
  name: 'EmailCode',
  tableName: 'verification_code',
  properties: {
    ...oneTimeCodeProperties(),
    requestId: p.uuid(),
    studentEmail: p.string(),
  },
});
export type EmailCode = InferEntity<typeof EmailCodeSchema>;
