import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { addToOutbox, seal } from '@tullab/events';
import {
  digestsEqual,
  hmacHex,
  HttpError,
  randomDigits,
  randomToken,
  sha256Hex,
  type Caller,
} from '@tullab/http';
import type { IdentityContext } from '../../context';
import { endUserSessions } from '../sessions/service';
import { UserSchema } from '../users/entities';
import { hashPassword } from '../users/passwords';
import { findUserByEmail } from '../users/service';
import { tooManyAttempts } from '../users/throttle';
import { ResetCodeSchema, ResetGrantSchema } from './entities';
import type { ForgotPasswordBody, ResetPasswordBody, VerifyResetOtpBody } from './schemas';

/** SECURITY S14–S16, S20 (PC numbers where the sources give none). */
export const resetRules = {
  codeTtlSeconds: 10 * 60,
  resendCooldownSeconds: 60,
  codesPerEmailPerHour: 5,
  requestsPerIpPerHour: 20,
  wrongTriesPerCode: 5,
  failuresPerUserPerHour: 10,
  grantTtlSeconds: 10 * 60,
};

export const messages = {
  sent: 'If an account exists for that email, a 6-digit code has been sent.',
  verified: 'Code verified',
  invalidCode: 'Invalid or expired code',
  codeExhausted: 'Too many attempts. Please request a new code.',
  sessionExpired: 'Your reset session has expired. Please request a new code.',
  done: 'Password has been reset. Please log in.',
};

const HOUR_MS = 3600_000;

/** S17: HMAC-SHA-256(key, purpose‖userId‖code); the key is derived from INTERNAL_SECRET, never stored. */
export function resetCodeHash(key: string, userId: string, code: string): string {
  return hmacHex(key, `password-reset\u0000${userId}\u0000${code}`);
}

/**
 * POST /auth/forgot-password. Whatever happens here the caller gets the same 202 (S19). For a known, enabled
 * account outside the resend limits (S16) a new code replaces the older ones and `email.requested` goes to the
 * outbox in the same transaction: the answer never waits for Redis or SMTP.
 */
export async function requestPasswordReset(
  em: EntityManager,
  ctx: IdentityContext,
  input: ForgotPasswordBody,
  caller: Caller,
  requestId: string | null,
): Promise<void> {
  const { log } = ctx;
  const perIp = await ctx.limiter.hit(`reset:ip:${caller.ip}`, resetRules.requestsPerIpPerHour, 3600);
  if (!perIp.allowed) {
    log.warn({ ip: caller.ip }, 'password reset not sent: per-IP cap');
    return;
  }
  const outcome = await em.transactional(async (tx) => {
    const user = await findUserByEmail(tx, input.email, LockMode.PESSIMISTIC_WRITE);
    if (!user || user.disabledAt) return { sent: false, reason: user ? 'disabled account' : 'no account' };
    const now = new Date();
    const recent = await tx.find(
      ResetCodeSchema,
      { userId: user.id, createdAt: { $gt: new Date(now.getTime() - HOUR_MS) } },
      { orderBy: { createdAt: 'desc' } },
    );
    if (
      recent[0] &&
      now.getTime() - recent[0].createdAt.getTime() < resetRules.resendCooldownSeconds * 1000
    ) {
      return { sent: false, userId: user.id, reason: 'cooldown' };
    }
    if (recent.length >= resetRules.codesPerEmailPerHour)
      return { sent: false, userId: user.id, reason: 'hourly cap' };

    await tx.nativeUpdate(
      ResetCodeSchema,
      { userId: user.id, usedAt: null, revokedAt: null },
      { revokedAt: now },
    );
    const code = randomDigits(6);
    const expiresAt = new Date(now.getTime() + resetRules.codeTtlSeconds * 1000);
    tx.create(ResetCodeSchema, {
      id: randomUUID(),
      userId: user.id,
      codeHash: resetCodeHash(ctx.codeKey, user.id, code),
      attempts: 0,
      createdAt: now,
      expiresAt,
      usedAt: null,
      revokedAt: null,
    });
    addToOutbox(
      tx,
      'email.requested',
      {
        to: user.email,
        template: 'password-reset-code',
        data: { firstName: user.firstName },
        sealed: seal(ctx.config.INTERNAL_SECRET, { code }),
        expiresAt: expiresAt.toISOString(),
      },
      requestId,
    );
    return { sent: true, userId: user.id, reason: 'sent' };
  });
  if (outcome.sent) log.info({ userId: outcome.userId, ip: caller.ip }, 'password reset code queued');
  else
    log.info(
      { userId: outcome.userId, ip: caller.ip, reason: outcome.reason },
      'password reset code not sent',
    );
}

type VerifyOutcome =
  | { kind: 'ok'; token: string }
  | { kind: 'invalid' }
  | { kind: 'wrong'; attempts: number }
  | { kind: 'exhausted' }
  | { kind: 'user cap' };

/**
 * POST /auth/verify-reset-otp. The newest live code is locked (FOR UPDATE), so concurrent submits are serialised:
 * one correct submit wins, and wrong ones are counted exactly (S14, S15). Digests are compared in constant time
 * (S18). A correct code buys a single-use reset grant (S20); the code itself never signs anyone in.
 */
export async function verifyResetCode(
  em: EntityManager,
  ctx: IdentityContext,
  input: VerifyResetOtpBody,
  caller: Caller,
): Promise<{ token: string; maxAge: number }> {
  const { log } = ctx;
  const user = await findUserByEmail(em, input.email);
  if (!user || user.disabledAt) {
    log.warn({ ip: caller.ip, reason: 'no account' }, 'reset code refused');
    throw new HttpError(400, messages.invalidCode);
  }
  const outcome = await em.transactional(async (tx): Promise<VerifyOutcome> => {
    const now = new Date();
    const code = await tx.findOne(
      ResetCodeSchema,
      { userId: user.id, usedAt: null, revokedAt: null, expiresAt: { $gt: now } },
      { orderBy: { createdAt: 'desc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!code) return { kind: 'invalid' };
    if (code.attempts >= resetRules.wrongTriesPerCode) return { kind: 'exhausted' };
    const [{ failures }] = await tx
      .getConnection()
      .execute<{ failures: number }[]>(
        'select coalesce(sum(attempts), 0)::int as failures from password_reset_codes where user_id = ? and created_at > ?',
        [user.id, new Date(now.getTime() - HOUR_MS)],
        'all',
        tx.getTransactionContext(),
      );
    if (failures >= resetRules.failuresPerUserPerHour) return { kind: 'user cap' };
    if (!digestsEqual(code.codeHash, resetCodeHash(ctx.codeKey, user.id, input.otp))) {
      code.attempts += 1;
      return { kind: 'wrong', attempts: code.attempts };
    }
    code.usedAt = now;
    const token = randomToken();
    tx.create(ResetGrantSchema, {
      id: randomUUID(),
      userId: user.id,
      tokenHash: sha256Hex(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + resetRules.grantTtlSeconds * 1000),
      usedAt: null,
    });
    return { kind: 'ok', token };
  });

  switch (outcome.kind) {
    case 'ok':
      log.info({ userId: user.id, ip: caller.ip }, 'reset code accepted');
      return { token: outcome.token, maxAge: resetRules.grantTtlSeconds };
    case 'wrong':
      log.warn(
        { userId: user.id, ip: caller.ip, attempts: outcome.attempts },
        'reset code refused: wrong code',
      );
      throw new HttpError(400, messages.invalidCode);
    case 'invalid':
      log.warn({ userId: user.id, ip: caller.ip, reason: 'no live code' }, 'reset code refused');
      throw new HttpError(400, messages.invalidCode);
    case 'exhausted':
      log.warn({ userId: user.id, ip: caller.ip, reason: 'code exhausted' }, 'reset code refused');
      throw tooManyAttempts(resetRules.codeTtlSeconds, messages.codeExhausted);
    case 'user cap':
      log.warn({ userId: user.id, ip: caller.ip, reason: 'hourly cap' }, 'reset code refused');
      throw tooManyAttempts(3600);
  }
}

/**
 * POST /auth/reset-password: needs the grant from verify-reset-otp (the `pwreset` cookie, sent by the gateway as
 * `x-tullab-pwreset`) for this very e-mail. Then, in one transaction (S9, S20): the grant is spent, every code and
 * grant of the user dies, every session ends (no auto-login), the S11 counters and soft lock are cleared, and a
 * "password changed" mail is queued.
 */
export async function resetPassword(
  em: EntityManager,
  ctx: IdentityContext,
  input: ResetPasswordBody,
  grantToken: string | undefined,
  requestId: string | null,
): Promise<void> {
  const { log } = ctx;
  const expired = () => new HttpError(400, messages.sessionExpired);
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
    const ended = await endUserSessions(tx, owner.id);
    addToOutbox(
      tx,
      'email.requested',
      { to: owner.email, template: 'password-changed', data: { firstName: owner.firstName } },
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
