import { LockMode, type EntityManager } from '@mikro-orm/core';
import { unseal } from '@tullab/events';
import { type EmailRequestedPayload } from '@tullab/contracts';
import { DEFAULT_LANGUAGE } from '@tullab/http';
import { EmailSchema, type Email } from './entities';
import { TemplateInputError, templates } from './templates';

/** The sealed values of an event cannot be opened with our INTERNAL_SECRET (another key, or tampered with). */
export class SealedValuesError extends Error {
  constructor() {
    super('sealed values cannot be opened with this INTERNAL_SECRET');
  }
}

export function openSealed(
  internalSecret: string,
  sealed: string | null | undefined,
): Record<string, string> {
  if (!sealed) return {};
  try {
    return unseal(internalSecret, sealed);
  } catch {
    throw new SealedValuesError();
  }
}

/**
 * Checks that a requested e-mail can ever be rendered: the template's data and sealed values fit. Throws
 * TemplateInputError or SealedValuesError (a bad payload: the consumer fails the job without retry).
 */
export function checkEmailRequest(payload: EmailRequestedPayload, internalSecret: string): void {
  const secrets = openSealed(internalSecret, payload.sealed);
  templates[payload.template].validate(payload.data, secrets);
}

/**
 * Records a requested e-mail as pending and due now, in the caller's unit of work. The id is the event id, so the
 * row and the message can be traced to the request; the sealed values are stored as they came (still encrypted);
 * the recipient's language is kept for rendering (English when the request names none), and the account the mail is
 * to or names, for the person's export and erasure (T23).
 */
export function recordEmail(
  em: EntityManager,
  id: string,
  payload: EmailRequestedPayload,
  now = new Date(),
): Email {
  return em.create(EmailSchema, {
    id,
    recipient: payload.to,
    template: payload.template,
    data: payload.data,
    sealed: payload.sealed ?? null,
    replyTo: payload.replyTo ?? null,
    language: payload.language ?? DEFAULT_LANGUAGE,
    requestId: null,
    userId: payload.userId ?? null,
    aboutUserId: payload.aboutUserId ?? null,
    status: 'pending',
    attempts: 0,
    lastError: null,
    nextAttemptAt: now,
    expiresAt: payload.expiresAt ? new Date(payload.expiresAt) : null,
    sentAt: null,
    createdAt: now,
  });
}

export interface Claim {
  /** due mails, now leased to the caller until `now + leaseMs` */
  due: Email[];
  /** due mails past their `expires_at`, now marked expired (never sent) */
  expired: Email[];
}

/**
 * Takes up to `limit` due pending mails, skipping rows another dispatcher holds (FOR UPDATE SKIP LOCKED). Those past
 * their `expires_at` become `expired` with their secret dropped; the others get `next_attempt_at = now + leaseMs`, so
 * if this process dies mid-send another one sends them after the lease (and a mail being sent is never expired).
 */
export async function claimDueEmails(
  em: EntityManager,
  options: { limit: number; leaseMs: number; now?: Date },
): Promise<Claim> {
  const now = options.now ?? new Date();
  return em.transactional(async (tx) => {
    const rows = await tx.find(
      EmailSchema,
      { status: 'pending', nextAttemptAt: { $lte: now } },
      {
        orderBy: { nextAttemptAt: 'asc' },
        limit: options.limit,
        lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE,
      },
    );
    const claim: Claim = { due: [], expired: [] };
    for (const row of rows) {
      if (row.expiresAt && row.expiresAt <= now) {
        row.status = 'expired';
        row.sealed = null;
        claim.expired.push(row);
      } else {
        claim.due.push(row);
        row.nextAttemptAt = new Date(now.getTime() + options.leaseMs);
      }
    }
    return claim;
  });
}

/** The mail left: sent, and its secret is dropped. */
export async function markSent(
  em: EntityManager,
  id: string,
  attempts: number,
  now = new Date(),
): Promise<void> {
  await em.nativeUpdate(
    EmailSchema,
    { id, status: 'pending' },
    { status: 'sent', sentAt: now, sealed: null, attempts, lastError: null },
  );
}

/** A temporary failure: stays pending, tried again at `nextAttemptAt`. */
export async function markRetry(
  em: EntityManager,
  id: string,
  attempts: number,
  lastError: string,
  nextAttemptAt: Date,
): Promise<void> {
  await em.nativeUpdate(EmailSchema, { id, status: 'pending' }, { attempts, lastError, nextAttemptAt });
}

/** A permanent failure (SMTP 5xx, or a mail that cannot be rendered): never retried, secret dropped. */
export async function markFailed(
  em: EntityManager,
  id: string,
  attempts: number,
  lastError: string,
): Promise<void> {
  await em.nativeUpdate(
    EmailSchema,
    { id, status: 'pending' },
    { status: 'failed', sealed: null, attempts, lastError },
  );
}

/** When the next pending mail falls due, if any (the dispatcher sleeps until then, at most its interval). */
export async function nextDueAt(em: EntityManager): Promise<Date | null> {
  const next = await em.findOne(
    EmailSchema,
    { status: 'pending' },
    { orderBy: { nextAttemptAt: 'asc' }, fields: ['nextAttemptAt'], disableIdentityMap: true },
  );
  return next?.nextAttemptAt ?? null;
}

export { TemplateInputError };
