import { seal } from '@tullab/events';
import { HttpError, randomToken, sha256Hex, type Caller } from '@tullab/http';
import { addressKey } from '@tullab/rate-limits';
import type { IdentityContext } from '../../context';
import { tooManyAttempts } from '../users/throttle';

/**
 * What staff invitations and merchant invitations (decision 016) share: a link whose token is 32 random bytes, of
 * which only the SHA-256 is stored; the e-mail gets the token sealed (ARCHITECTURE "Trust boundaries"), so neither
 * the outbox nor Redis holds it in clear. A token is live until it is used, revoked or past its expiry.
 */
export interface NewInvitation {
  /** the SHA-256 of the token, for the invitation row */
  tokenHash: string;
  /** the token sealed for `email.requested` (`{ token }`), which only notifications opens */
  sealed: string;
  expiresAt: Date;
}

/** A new invitation token valid `validForHours` from `now`. */
export function newInvitation(
  ctx: Pick<IdentityContext, 'config'>,
  validForHours: number,
  now: Date,
): NewInvitation {
  const token = randomToken();
  return {
    tokenHash: sha256Hex(token),
    sealed: seal(ctx.config.INTERNAL_SECRET, { token }),
    expiresAt: new Date(now.getTime() + validForHours * 3600_000),
  };
}

/** The condition on an invitation table for the invitation `token` stands for while it can still be accepted. */
export const liveInvitation = (token: string, now: Date) => ({
  tokenHash: sha256Hex(token),
  acceptedAt: null,
  revokedAt: null,
  expiresAt: { $gt: now },
});

/**
 * The one answer to a token that cannot be used, whatever the reason (logged, never told): 400 `invitation_invalid`,
 * naming `field` when the form shows the message beside it.
 */
export function invitationRefused(
  ctx: Pick<IdentityContext, 'log'>,
  caller: Caller,
  reason: string,
  message: string,
  field?: string,
): HttpError {
  ctx.log.warn({ ip: caller.ip, reason }, 'invitation refused');
  return new HttpError(400, message, {
    code: 'invitation_invalid',
    ...(field && { errors: { [field]: message } }),
  });
}

/** Tries of an invitation token per address (as reset codes, S15): guessing a 256-bit token is hopeless anyway. */
const TOKEN_TRIES_PER_IP = { limit: 10, windowSeconds: 600 };

/**
 * Counts one try of an invitation token from the caller's address before it is looked up, or 429. A try that
 * succeeds is given back (`giveBackTry`), so only refused ones count.
 */
export async function reserveTokenTry(
  ctx: IdentityContext,
  caller: Caller,
  flow: string,
): Promise<() => Promise<void>> {
  const key = `${flow}:ip:${addressKey(caller.ip)}`;
  const decision = await ctx.limiter.hit(key, TOKEN_TRIES_PER_IP.limit, TOKEN_TRIES_PER_IP.windowSeconds);
  if (!decision.allowed) {
    ctx.log.warn({ ip: caller.ip, reason: 'rate limited', flow }, 'invitation refused');
    throw tooManyAttempts(decision.retryAfter);
  }
  return () => ctx.limiter.giveBack(key);
}
