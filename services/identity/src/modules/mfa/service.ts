import { LockMode, type EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import { HttpError, type Caller } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { endUserSessions, type IssuedSession } from '../sessions/service';
import { startSession, type SignedIn } from '../sessions/sign-in';
import { isStaffRole, UserSchema, type User } from '../users/entities';
import { recordPasswordFailure, secondsUntil } from '../users/lockout';
import { LoginThrottle, tooManyAttempts } from '../users/throttle';
import { endChallenges, findLiveChallenge, mfaRules } from './challenges';
import { enrolSecondFactor, sealSecret, showEnrolment, unsealSecret, type Enrolment } from './enrolment';
import type { MfaChallenge } from './entities';
import { matchingStep, newTotpSecret } from './totp';

export const messages = {
  expired: 'Your sign-in has expired. Please sign in again.',
  exhausted: 'Too many wrong codes. Please sign in again.',
  invalidCode: 'Invalid authentication code',
  alreadyEnrolled: 'Two-factor authentication is already set up for this account',
  notEnrolled: 'Please set up your authenticator app first',
  enrolmentClosed:
    'Your authenticator app is set up when you accept your invitation. Please ask an administrator for help.',
};

/**
 * The challenge behind the `mfa` cookie and its staff member, or 401 (logged): no live challenge, or an account that
 * can no longer sign in (disabled, soft-locked, or no longer staff).
 */
async function challengeOwner(
  em: EntityManager,
  ctx: IdentityContext,
  caller: Caller,
  token: string | undefined,
  lockMode?: LockMode,
): Promise<{ challenge: MfaChallenge; user: User }> {
  const challenge = await findLiveChallenge(em, token, { lockMode });
  const user = challenge
    ? await em.findOne(UserSchema, { id: challenge.userId }, lockMode ? { lockMode, refresh: true } : {})
    : null;
  if (!challenge || !user || user.disabledAt || user.locked || !isStaffRole(user.role)) {
    const reason = user ? 'account cannot sign in' : 'no live challenge';
    ctx.log.warn({ userId: user?.id, ip: caller.ip, reason }, 'second factor refused');
    throw new HttpError(401, messages.expired, { code: 'session_expired' });
  }
  return { challenge, user };
}

/**
 * POST /auth/mfa/enrollment, at the first sign-in of an account that may set up its authenticator there (the first
 * admin, an account from the staff CLI or after `reset-mfa`; an invited one did it while accepting, and is refused
 * with 403): a new TOTP secret, kept sealed in the challenge until a code confirms it. Asked again with the same
 * challenge (the page was reloaded), it shows the same secret, so a QR code already scanned stays right.
 */
export async function startEnrolment(
  em: EntityManager,
  ctx: IdentityContext,
  token: string | undefined,
  caller: Caller,
): Promise<Enrolment> {
  const { user, secret } = await em.transactional(async (tx) => {
    const { challenge, user } = await challengeOwner(tx, ctx, caller, token, LockMode.PESSIMISTIC_WRITE);
    if (user.mfaEnrolledAt)
      throw new HttpError(409, messages.alreadyEnrolled, { code: 'mfa_already_enrolled' });
    if (!user.mfaEnrolAtSignIn) {
      ctx.log.warn({ userId: user.id, ip: caller.ip }, 'second factor enrolment refused: not at sign-in');
      throw new HttpError(403, messages.enrolmentClosed, { code: 'mfa_enrolment_closed' });
    }
    if (challenge.pendingSecret) return { user, secret: unsealSecret(ctx, challenge.pendingSecret) };
    const created = newTotpSecret();
    challenge.pendingSecret = sealSecret(ctx, created);
    return { user, secret: created };
  });
  ctx.log.info({ userId: user.id, ip: caller.ip }, 'second factor enrolment started');
  return showEnrolment(user.email, secret);
}

type VerifyOutcome =
  | { kind: 'ok'; user: User; session: IssuedSession; enrolled: boolean }
  | { kind: 'wrong'; attempts: number; reason: 'wrong code' | 'replayed code' }
  | { kind: 'not enrolled' };

/**
 * POST /auth/mfa/verify: the code from the authenticator app completes a staff sign-in (S37). The challenge and the
 * user are locked, so concurrent submits are serialised: a time-step is accepted once (RFC 6238 §5.2, no replay)
 * and wrong codes are counted exactly. A wrong code counts on the challenge (5, then it dies) and as a failed
 * sign-in (S11 delay and lock, S12 throttles). A right one confirms a pending enrolment (if the account may still
 * enrol at sign-in; the owner is e-mailed), clears the counters and issues the staff session (S7: the caller's old
 * one ends). Neither the code nor the secret is ever logged.
 */
export async function verifySecondFactor(
  em: EntityManager,
  ctx: IdentityContext,
  token: string | undefined,
  code: string,
  caller: Caller,
  requestId: string | null,
): Promise<SignedIn> {
  const { log } = ctx;
  const ip = caller.ip;
  const { user } = await challengeOwner(em, ctx, caller, token);
  const throttle = new LoginThrottle(ctx);
  const wait = Math.max(await throttle.retryAfter(user.email, ip), secondsUntil(user.loginBlockedUntil));
  if (wait > 0) {
    log.warn({ userId: user.id, ip, reason: 'rate limited' }, 'second factor refused');
    throw tooManyAttempts(wait);
  }

  const outcome = await em.transactional(async (tx): Promise<VerifyOutcome> => {
    const now = new Date();
    const { challenge, user: current } = await challengeOwner(
      tx,
      ctx,
      caller,
      token,
      LockMode.PESSIMISTIC_WRITE,
    );
    const sealed = current.mfaSecret ?? (current.mfaEnrolAtSignIn ? challenge.pendingSecret : null);
    if (!sealed) return { kind: 'not enrolled' };
    const step = matchingStep(unsealSecret(ctx, sealed), code, now);
    if (step === null || step <= (current.mfaLastStep ?? -1)) {
      challenge.attempts += 1;
      await recordPasswordFailure(tx, current.id);
      const reason = step === null ? 'wrong code' : 'replayed code';
      return { kind: 'wrong', attempts: challenge.attempts, reason };
    }
    const enrolled = !current.mfaEnrolledAt;
    if (enrolled) enrolSecondFactor(tx, current, sealed, step, now, requestId);
    else current.mfaLastStep = step;
    challenge.usedAt = now;
    return { kind: 'ok', user: current, enrolled, session: await startSession(tx, current, caller, now) };
  });

  switch (outcome.kind) {
    case 'ok':
      await throttle.succeeded(user.email, ip);
      log.info(
        { userId: user.id, ip, role: outcome.user.role, enrolled: outcome.enrolled },
        'login succeeded with the second factor',
      );
      return { user: outcome.user, session: outcome.session };
    case 'wrong': {
      await throttle.failed(user.email, ip);
      const exhausted = outcome.attempts >= mfaRules.wrongCodesPerChallenge;
      log.warn(
        { userId: user.id, ip, reason: outcome.reason, attempts: outcome.attempts, exhausted },
        'second factor refused',
      );
      if (exhausted) throw new HttpError(401, messages.exhausted, { code: 'code_exhausted' });
      throw new HttpError(400, messages.invalidCode, {
        code: 'code_invalid',
        errors: { code: messages.invalidCode },
      });
    }
    case 'not enrolled':
      log.warn({ userId: user.id, ip, reason: 'not enrolled' }, 'second factor refused');
      throw new HttpError(409, messages.notEnrolled, { code: 'mfa_not_enrolled' });
  }
}

/**
 * `npm run staff -- reset-mfa`: for a staff member who lost their authenticator. The secret is forgotten, their
 * challenges and sessions end, their next sign-in enrols a new app, and the account is told by e-mail at once; the
 * mail carries `requestId`, the command's own. Returns how many sessions ended.
 */
export async function resetSecondFactor(
  em: EntityManager,
  user: User,
  requestId: string,
  now = new Date(),
): Promise<number> {
  return em.transactional(async (tx) => {
    await tx.nativeUpdate(
      UserSchema,
      { id: user.id },
      { mfaSecret: null, mfaEnrolledAt: null, mfaLastStep: null, mfaEnrolAtSignIn: true, updatedAt: now },
    );
    await endChallenges(tx, user.id, now);
    addToOutbox(
      tx,
      'email.requested',
      {
        to: user.email,
        userId: user.id,
        template: 'staff-second-factor-reset',
        data: { firstName: user.firstName, resetAt: now.toISOString() },
      },
      requestId,
    );
    return endUserSessions(tx, user.id);
  });
}
