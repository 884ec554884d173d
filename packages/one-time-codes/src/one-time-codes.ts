import { LockMode, p, type EntityManager, type EntityName, type FilterQuery } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { digestsEqual, HttpError, randomDigits, tooManyRequests } from '@tullab/http';
import type { Logger } from '@tullab/log';

/** The columns every table of 6-digit codes has (password reset, student e-mail; SECURITY S13–S17). */
export interface OneTimeCode {
  id: string;
  userId: string;
  codeHash: string;
  /** wrong tries against this code */
  attempts: number;
  createdAt: Date;
  expiresAt: Date;
  usedAt?: Date | null;
  revokedAt?: Date | null;
}

/**
 * The {@link OneTimeCode} columns as MikroORM properties, for a code table's `defineEntity` (fresh builders on every
 * call): only a hash of the code is stored (S13).
 */
export function oneTimeCodeProperties() {
  return {
    id: p.uuid().primary(),
    userId: p.uuid(),
    codeHash: p.string(),
    /** wrong tries against this code; at the rules' limit it is dead */
    attempts: p.integer(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    /** set when the code was accepted */
    usedAt: p.datetime().nullable(),
    /** set when a newer code (or a finished flow) made it useless */
    revokedAt: p.datetime().nullable(),
  };
}

/** The numbers of S14–S16 for one kind of code. */
export interface CodeRules {
  ttlSeconds: number;
  resendCooldownSeconds: number;
  codesPerHour: number;
  wrongTriesPerCode: number;
  failuresPerUserPerHour: number;
  /**
   * codes one address may receive in 24 hours, whichever account asked: anyone can register with, or type, an
   * address that is not theirs, so this bounds what Tullab mails to a stranger (docs/security.md, "No mail relay")
   */
  codesPerRecipientPerDay: number;
}

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Whether another code may be sent now, given the codes sent in the last hour (newest first): null if so, else how
 * long to wait and why (S16: one a minute, a few an hour).
 */
export function resendWait(
  recent: Array<Pick<OneTimeCode, 'createdAt'>>,
  rules: CodeRules,
  now = new Date(),
): { reason: 'cooldown' | 'hourly cap'; seconds: number } | null {
  const newest = recent[0]?.createdAt.getTime();
  if (newest !== undefined && now.getTime() - newest < rules.resendCooldownSeconds * 1000)
    return { reason: 'cooldown', seconds: rules.resendCooldownSeconds - (now.getTime() - newest) / 1000 };
  if (recent.length >= rules.codesPerHour) {
    const oldest = recent[recent.length - 1].createdAt.getTime();
    return { reason: 'hourly cap', seconds: (oldest + HOUR_MS - now.getTime()) / 1000 };
  }
  return null;
}

/**
 * Whether the address `to` selects (one account's codes, or every code to one student e-mail) has had its
 * `codesPerRecipientPerDay` in the last 24 hours: null if not, else how long until the oldest of them ages out. The
 * caller serialises requests for one address (a row or `lockName`), so two at once cannot both pass.
 */
export async function recipientWait<T extends OneTimeCode>(
  tx: EntityManager,
  entity: EntityName<T>,
  to: FilterQuery<T>,
  rules: CodeRules,
  now = new Date(),
): Promise<{ reason: 'daily cap'; seconds: number } | null> {
  const sent = await tx.find(
    entity,
    { ...(to as object), createdAt: { $gt: new Date(now.getTime() - DAY_MS) } } as unknown as FilterQuery<T>,
    { orderBy: { createdAt: 'asc' } as never, limit: rules.codesPerRecipientPerDay },
  );
  if (sent.length < rules.codesPerRecipientPerDay) return null;
  return { reason: 'daily cap', seconds: (sent[0].createdAt.getTime() + DAY_MS - now.getTime()) / 1000 };
}

/** The codes of `where` sent within the last hour, newest first (for `resendWait`). */
export function codesOfLastHour<T extends OneTimeCode>(
  tx: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  now = new Date(),
): Promise<T[]> {
  return tx.find(
    entity,
    {
      ...(where as object),
      createdAt: { $gt: new Date(now.getTime() - HOUR_MS) },
    } as unknown as FilterQuery<T>,
    {
      orderBy: { createdAt: 'desc' } as never,
    },
  );
}

/**
 * A new 6-digit code for `userId` in the caller's transaction (S13, S14): every live code of the user dies, and only
 * `hash(code)` is stored. `fields` are the table's own columns (e.g. the e-mail the code is for). Returns the code,
 * for the e-mail, and when it expires.
 */
export async function issueCode<T extends OneTimeCode>(
  tx: EntityManager,
  entity: EntityName<T>,
  userId: string,
  hash: (code: string) => string,
  rules: CodeRules,
  fields: Partial<T> = {},
  now = new Date(),
): Promise<{ code: string; expiresAt: Date }> {
  await tx.nativeUpdate(
    entity,
    { userId, usedAt: null, revokedAt: null } as unknown as FilterQuery<T>,
    { revokedAt: now } as never,
  );
  const code = randomDigits(6);
  const expiresAt = new Date(now.getTime() + rules.ttlSeconds * 1000);
  tx.create(entity, {
    ...fields,
    id: randomUUID(),
    userId,
    codeHash: hash(code),
    attempts: 0,
    createdAt: now,
    expiresAt,
    usedAt: null,
    revokedAt: null,
  } as never);
  return { code, expiresAt };
}

export type CodeCheck<T> =
  | { kind: 'ok'; code: T }
  | { kind: 'invalid' }
  | { kind: 'wrong'; attempts: number }
  | { kind: 'exhausted' }
  | { kind: 'user cap' };

/**
 * Checks a submitted code inside the caller's transaction (S14, S15, S18). The newest live code of `where` is locked
 * (FOR UPDATE), so concurrent submits are serialised: one correct submit wins and wrong ones are counted exactly. A
 * code with 5 wrong tries is dead, and a user with 10 wrong tries in the hour (over all their codes) is refused.
 * `expectedHash` is the digest the right code has; digests compare in constant time. A correct code is marked used;
 * the caller commits (a wrong try must be committed too: return the outcome, throw after the transaction).
 */
export async function checkCode<T extends OneTimeCode>(
  tx: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T> & { userId: string },
  submittedHash: string,
  rules: CodeRules,
  now = new Date(),
): Promise<CodeCheck<T>> {
  const code = await tx.findOne(
    entity,
    {
      ...(where as object),
      usedAt: null,
      revokedAt: null,
      expiresAt: { $gt: now },
    } as unknown as FilterQuery<T>,
    { orderBy: { createdAt: 'desc' } as never, lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!code) return { kind: 'invalid' };
  if (code.attempts >= rules.wrongTriesPerCode) return { kind: 'exhausted' };
  const recent = await codesOfLastHour(
    tx,
    entity,
    { userId: where.userId } as unknown as FilterQuery<T>,
    now,
  );
  const failures = recent.reduce((sum, row) => sum + row.attempts, 0);
  if (failures >= rules.failuresPerUserPerHour) return { kind: 'user cap' };
  if (!digestsEqual(code.codeHash, submittedHash)) {
    code.attempts += 1;
    return { kind: 'wrong', attempts: code.attempts };
  }
  code.usedAt = now;
  return { kind: 'ok', code };
}

export interface RefusalMessages {
  /** wrong, expired or no code: 400 */
  invalid: string;
  /** this code had its 5 tries: 429 */
  exhausted: string;
  /** the user's hourly failures: 429 */
  userCap: string;
  /** the field the 400 names, if any */
  field?: string;
}

/** The answer to a refused code, logged (never the code) with `context`; the one place these statuses are chosen. */
export function refuseCode(
  check: Exclude<CodeCheck<unknown>, { kind: 'ok' }>,
  rules: CodeRules,
  messages: RefusalMessages,
  log: Logger,
  context: Record<string, unknown>,
): HttpError {
  const invalid = () =>
    new HttpError(400, messages.invalid, {
      code: 'code_invalid',
      errors: messages.field ? { [messages.field]: messages.invalid } : undefined,
    });
  switch (check.kind) {
    case 'wrong':
      log.warn({ ...context, attempts: check.attempts }, 'code refused: wrong code');
      return invalid();
    case 'invalid':
      log.warn({ ...context, reason: 'no live code' }, 'code refused');
      return invalid();
    case 'exhausted':
      log.warn({ ...context, reason: 'code exhausted' }, 'code refused');
      return tooManyRequests(rules.ttlSeconds, messages.exhausted, 'code_exhausted');
    case 'user cap':
      log.warn({ ...context, reason: 'hourly cap' }, 'code refused');
      return tooManyRequests(3600, messages.userCap, 'too_many_attempts');
  }
}
