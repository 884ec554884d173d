import { randomUUID } from 'node:crypto';
import type { EntityManager, LockMode } from '@mikro-orm/core';
import { randomToken, sha256Hex } from '@tullab/http';
import { MfaChallengeSchema, type MfaChallenge } from './entities';

/** SECURITY S37 (PC numbers): the second factor is due within 5 minutes, and a challenge takes 5 wrong codes. */
export const mfaRules = { challengeTtlSeconds: 5 * 60, wrongCodesPerChallenge: 5 };

export interface StartedChallenge {
  /** the `mfa` cookie's value; only its SHA-256 is stored */
  token: string;
  /** seconds: the cookie's Max-Age */
  maxAge: number;
}

/**
 * Adds a second-factor challenge for a staff member whose password was right (in the caller's transaction). Their
 * earlier challenges die: one sign-in at a time waits for its code.
 */
export async function startMfaChallenge(
  tx: EntityManager,
  userId: string,
  now = new Date(),
): Promise<StartedChallenge> {
  await endChallenges(tx, userId, now);
  const token = randomToken();
  tx.create(MfaChallengeSchema, {
    id: randomUUID(),
    userId,
    tokenHash: sha256Hex(token),
    pendingSecret: null,
    attempts: 0,
    createdAt: now,
    expiresAt: new Date(now.getTime() + mfaRules.challengeTtlSeconds * 1000),
    usedAt: null,
  });
  return { token, maxAge: mfaRules.challengeTtlSeconds };
}

/**
 * The live challenge a `mfa` token stands for: not used, not expired, fewer than 5 wrong codes; else null. Locked,
 * it is read afresh from the database, whatever the EntityManager held.
 */
export function findLiveChallenge(
  em: EntityManager,
  token: string | undefined,
  options: { now?: Date; lockMode?: LockMode } = {},
): Promise<MfaChallenge | null> {
  if (!token || token.length > 512) return Promise.resolve(null);
  return em.findOne(
    MfaChallengeSchema,
    {
      tokenHash: sha256Hex(token),
      usedAt: null,
      expiresAt: { $gt: options.now ?? new Date() },
      attempts: { $lt: mfaRules.wrongCodesPerChallenge },
    },
    options.lockMode ? { lockMode: options.lockMode, refresh: true } : {},
  );
}

/**
 * Ends every challenge of the user still waiting for its code: a new sign-in, a second-factor reset, and a password
 * reset or change (a code typed after the password changed must not finish a sign-in begun with the old one).
 */
export async function endChallenges(tx: EntityManager, userId: string, now = new Date()): Promise<void> {
  await tx.nativeUpdate(MfaChallengeSchema, { userId, usedAt: null }, { usedAt: now });
}
