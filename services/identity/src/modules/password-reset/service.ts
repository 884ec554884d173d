import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { addToOutbox, seal } from '@tullab/events';
import {
  hmacHex,
  HttpError,
  randomToken,
  sha256Hex,
  tooManyRequests,
  type Caller,
  type Language,
} from '@tullab/http';
import { addressKey } from '@tullab/rate-limits';
import {
  checkCode,
  codesOfLastHour,
  issueCode,
  refuseCode,
  recipientWait,
  resendWait,
  type CodeRules,
} from '@tullab/one-time-codes';
import type { IdentityContext } from '../../context';
import { endChallenges } from '../mfa/challenges';
import { endUserSessions } from '../sessions/service';
import { UserSchema } from '../users/entities';
import { mailLanguage } from '../users/language';
import { markEmailProved } from '../users/proof';
import { hashPassword } from '../users/passwords';
import { findUserByEmail } from '../users/lookup';
import { ResetDecoy } from './decoy';
import { ResetCodeSchema, ResetGrantSchema } from './entities';
import type { ForgotPasswordBody, ResetPasswordBody, VerifyResetOtpBody } from '@tullab/contracts';

/** SECURITY S14–S16, S20 (PC numbers where the sources give none). */
export const resetRules: CodeRules = {
  ttlSeconds: 10 * 60,
  resendCooldownSeconds: 60,
  codesPerHour: 5,
  wrongTriesPerCode: 5,
  failuresPerUserPerHour: 10,
  codesPerRecipientPerDay: 10,
};
const REQUESTS_PER_IP_PER_HOUR = 20;
/** Code checks per address, like sign-in's (S12): reserved before the check, given back when the code was right. */
const CODE_TRIES_PER_IP = { limit: 10, windowSeconds: 600 };
const GRANT_TTL_SECONDS = 10 * 60;

export const messages = {
  sent: 'If an account exists for that email, a 6-digit code has been sent.',
  verified: 'Code verified',
  invalid: 'Invalid or expired code',
  exhausted: 'Too many attempts. Please request a new code.',
  userCap: 'Too many attempts. Please try again later.',
  sessionExpired: 'Your reset session has expired. Please request a new code.',
  done: 'Password has been reset. Please log in.',
};

/** S17: HMAC-SHA-256(key, purpose‖userId‖code); the key is derived from INTERNAL_SECRET, never stored. */
export function resetCodeHash(key: string, userId: string, code: string): string {
  return hmacHex(key, `password-reset\u0000${userId}\u0000${code}`);
}

/**
 * POST /auth/forgot-password. Whatever happens here the caller gets the same 202 (S19). For a known, enabled
 * account outside the resend limits (S16) a new code replaces the older ones and `email.requested` goes to the
 * outbox in the same transaction: the answer never waits for Redis or SMTP. A student's code is written in
 * `language`, the one the app asking shows (issue 12).
 */
export async function requestPasswordReset(
  em: EntityManager,
  ctx: IdentityContext,
  input: ForgotPasswordBody,
  caller: Caller,
  requestId: string | null,
  language: Language,
): Promise<void> {
  const { log } = ctx;
  const perIp = await ctx.limiter.hit(`reset:ip:${addressKey(caller.ip)}`, REQUESTS_PER_IP_PER_HOUR, 3600);
  if (!perIp.allowed) {
    log.warn({ ip: caller.ip }, 'password reset not sent: per-IP cap');
    return;
  }
  const outcome = await em.transactional(async (tx) => {
    const user = await findUserByEmail(tx, input.email, LockMode.PESSIMISTIC_WRITE);
    if (!user || user.disabledAt) return { sent: false, reason: user ? 'disabled account' : 'no account' };
    // an invited account without a password: only its invitation may set one, and that expires
    if (!user.passwordHash) return { sent: false, userId: user.id, reason: 'invitation not accepted' };
    const now = new Date();
    const wait = resendWait(
      await codesOfLastHour(tx, ResetCodeSchema, { userId: user.id }, now),
      resetRules,
      now,
    );
    const daily = wait ?? (await recipientWait(tx, ResetCodeSchema, { userId: user.id }, resetRules, now));
    if (daily) return { sent: false, userId: user.id, reason: daily.reason };

    const { code, expiresAt } = await issueCode(
      tx,
      ResetCodeSchema,
      user.id,
      (value) => resetCodeHash(ctx.codeKey, user.id, value),
      resetRules,
      {},
      now,
    );
    addToOutbox(
      tx,
      'email.requested',
      {
        to: user.email,
        userId: user.id,
        template: 'password-reset-code',
        data: {},
        sealed: seal(ctx.config.INTERNAL_SECRET, { code }),
        expiresAt: expiresAt.toISOString(),
        ...mailLanguage(user, language),
      },
      requestId,
    );
    return { sent: true, userId: user.id, reason: 'sent' };
  });
  if (outcome.sent) log.info({ userId: outcome.userId, ip: caller.ip }, 'password reset code queued');
  else {
    if (!resettable(outcome.reason)) await new ResetDecoy(ctx, resetRules).arm(input.email);
    log.info(
      { userId: outcome.userId, ip: caller.ip, reason: outcome.reason },
      'password reset code not sent',
    );
  }
}

/** The e-mails no code can ever be sent to: the reset-code step answers for them through a `ResetDecoy`. */
const UNRESETTABLE = ['no account', 'disabled account', 'invitation not accepted'];

function resettable(reason: string): boolean {
  return !UNRESETTABLE.includes(reason);
}

/**
 * POST /auth/verify-reset-otp. The newest live code is locked (FOR UPDATE), so concurrent submits are serialised:
 * one correct submit wins, and wrong ones are counted exactly (S14, S15). Digests are compared in constant time
 * (S18). A correct code buys a single-use reset grant (S20); the code itself never signs anyone in. It also proves the
 * account's e-mail (T23).
 */
export async function verifyResetCode(
  em: EntityManager,
  ctx: IdentityContext,
  input: VerifyResetOtpBody,
  caller: Caller,
): Promise<{ token: string; maxAge: number }> {
  const { log } = ctx;
  const perIp = `reset-code:ip:${addressKey(caller.ip)}`;
  const reserved = await ctx.limiter.hit(perIp, CODE_TRIES_PER_IP.limit, CODE_TRIES_PER_IP.windowSeconds);
  if (!reserved.allowed) {
    log.warn({ ip: caller.ip, reason: 'rate limited' }, 'reset code refused');
    throw tooManyRequests(reserved.retryAfter, messages.userCap, 'too_many_attempts');
  }
  const user = await findUserByEmail(em, input.email);
  const reason = !user
    ? 'no account'
    : user.disabledAt
      ? 'disabled account'
      : !user.passwordHash
        ? 'invitation not accepted'
        : null;
  if (!user || reason) {
    const check = await new ResetDecoy(ctx, resetRules).check(input.email);
    throw refuseCode(check, resetRules, messages, log, { ip: caller.ip, reason, flow: 'password-reset' });
  }
  const outcome = await em.transactional(async (tx) => {
    const now = new Date();
    const check = await checkCode(
      tx,
      ResetCodeSchema,
      { userId: user.id },
      resetCodeHash(ctx.codeKey, user.id, input.otp),
      resetRules,
      now,
    );
    if (check.kind !== 'ok') return check;
    // the code reached the person at this address: it is theirs (T23)
    markEmailProved(await tx.findOneOrFail(UserSchema, { id: user.id }), now);
    const token = randomToken();
    tx.create(ResetGrantSchema, {
      id: randomUUID(),
      userId: user.id,
      tokenHash: sha256Hex(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + GRANT_TTL_SECONDS * 1000),
      usedAt: null,
    });
    return { kind: 'ok' as const, token };
  });
  if (outcome.kind !== 'ok')
    throw refuseCode(outcome, resetRules, messages, log, {
      userId: user.id,
      ip: caller.ip,
      flow: 'password-reset',
    });
  await ctx.limiter.giveBack(perIp);
  log.info({ userId: user.id, ip: caller.ip }, 'reset code accepted');
  return { token: outcome.token, maxAge: GRANT_TTL_SECONDS };
}

/**
 * POST /auth/reset-password: needs the grant from verify-reset-otp (the `pwreset` cookie, sent by the gateway as
 * `x-tullab-pwreset`) for this very e-mail. Then, in one transaction (S9, S20): the grant is spent, every code and
 * grant of the user dies, every session ends (no auto-login), the S11 counters and soft lock are cleared, and a
 * "password changed" mail is queued, to a student in `language`, the one the app asking shows (issue 12).
 */
export async function resetPassword(
  em: EntityManager,
  ctx: IdentityContext,
  input: ResetPasswordBody,
  grantToken: string | undefined,
  requestId: string | null,
  language: Language,
): Promise<void> {
  const { log } = ctx;
  const expired = () => new HttpError(400, messages.sessionExpired, { code: 'session_expired' });
  if (!grantToken || grantToken.length > 512) throw expired();
  const tokenHash = sha256Hex(grantToken);
  const grant = await em.findOne(ResetGrantSchema, {
    tokenHash,
    usedAt: null,
    expiresAt: { $gt: new Date() },
  });
  const owner = grant ? await em.findOne(UserSchema, { id: grant.userId }) : null;
  if (!grant || !owner || owner.email !== input.email || owner.disabledAt) {
    log.warn(
      { userId: owner?.id, reason: grant ? 'grant for another e-mail' : 'no live grant' },
      'password reset refused',
    );
    throw expired();
  }
  const passwordHash = await hashPassword(input.newPassword);
  const sessionsEnded = await em.transactional(async (tx) => {
    const now = new Date();
    const live = await tx.findOne(
      ResetGrantSchema,
      { id: grant.id, usedAt: null, expiresAt: { $gt: now } },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!live) return null;
    await tx.nativeUpdate(ResetGrantSchema, { userId: owner.id, usedAt: null }, { usedAt: now });
    await tx.nativeUpdate(
      ResetCodeSchema,
      { userId: owner.id, usedAt: null, revokedAt: null },
      { revokedAt: now },
    );
    await tx.nativeUpdate(
      UserSchema,
      { id: owner.id },
      { passwordHash, failedLoginCount: 0, loginBlockedUntil: null, locked: false, updatedAt: now },
    );
    await endChallenges(tx, owner.id, now);
    const ended = await endUserSessions(tx, owner.id);
    addToOutbox(
      tx,
      'email.requested',
      {
        to: owner.email,
        userId: owner.id,
        template: 'password-changed',
        data: {},
        ...mailLanguage(owner, language),
      },
      requestId,
    );
    return ended;
  });
  if (sessionsEnded === null) {
    log.warn({ userId: owner.id, reason: 'grant spent meanwhile' }, 'password reset refused');
    throw expired();
  }
  log.info({ userId: owner.id, sessionsEnded }, 'password reset; every session ended');
}
