import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A staff password that was right, waiting for the second factor (S37): the browser holds the token in the `mfa`
 * cookie for 5 minutes; only its SHA-256 is stored. After 5 wrong codes it is dead.
 */
export const MfaChallengeSchema = defineEntity({
  name: 'MfaChallenge',
  tableName: 'mfa_challenges',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    tokenHash: p.string(),
    /** an enrolment started with this challenge: the new TOTP secret, sealed, until a code confirms it */
    pendingSecret: p.string().nullable(),
    /** wrong codes given with this challenge */
    attempts: p.integer(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    /** set when a right code turned it into a session, or a newer sign-in replaced it */
    usedAt: p.datetime().nullable(),
  },
});
export type MfaChallenge = InferEntity<typeof MfaChallengeSchema>;
