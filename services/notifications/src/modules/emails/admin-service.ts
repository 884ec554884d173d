import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { BeforeJson, EmailRecord as EmailAnswer } from '@tullab/contracts';
import { HttpError, type Identity } from '@tullab/http';
import { recordAudit } from '@tullab/audit-log';
import { EmailSchema, type Email } from './entities';
import { TemplateInputError, templates, type EmailTemplateModule, type RenderContext } from './templates';

/** The registry by any name: a stored row may name a template that was removed since. */
const templateOf = (name: string): EmailTemplateModule | undefined =>
  (templates as Record<string, EmailTemplateModule | undefined>)[name];

/**
 * A mail as staff see it (`/admin/emails`): who it was for, what it was, how delivery went. Never its data (the
 * body's values: a contact message, names) nor its sealed values (a code, an invitation link), which are not read
 * into the record at all: the fields are picked, so a column added later stays out until the contract names it.
 */
export type EmailRecord = BeforeJson<
  EmailAnswer,
  'nextAttemptAt' | 'expiresAt' | 'createdAt' | 'updatedAt' | 'sentAt'
>;

export const NOT_FAILED = 'Only a failed e-mail can be sent again';

/**
 * Why a mail cannot be put back for sending, or null when it can: it did not fail, its body was erased, it expired, or
 * it can no longer be rendered. A failed mail's sealed values (a code, an invitation link) were dropped with the failure, on purpose, so
 * a mail that needs one can never be sent again: the user asks for a new code.
 */
export function retryRefusal(email: Email, now = new Date()): string | null {
  if (email.status !== 'failed') return NOT_FAILED;
  // decision 010: retention (or the recipient's erasure, decision 009) took what the mail said
  if (email.bodyErasedAt)
    return `This e-mail's content was erased on ${email.bodyErasedAt.toISOString().slice(0, 10)}, so it cannot be sent again`;
  if (email.expiresAt && email.expiresAt <= now) {
    return 'This e-mail has expired: what it carried is no longer valid, so it cannot be sent again';
  }
  const template = templateOf(email.template);
  if (!template) return `This e-mail cannot be sent again: its template "${email.template}" no longer exists`;
  try {
    template.validate(email.data ?? {}, {});
  } catch (err) {
    if (err instanceof TemplateInputError && err.message.startsWith('invalid sealed values')) {
      return 'This e-mail carried a one-time code or link, which is not kept once a mail fails: the user has to ask for a new one';
    }
    return 'This e-mail cannot be sent again: its content is no longer kept';
  }
  return null;
}

/**
 * The subject a mail renders with from its stored data, in its recipient's language, or null when that needs its
 * secret values (or fails).
 */
function subjectOf(email: Email, context: RenderContext): string | null {
  const template = templateOf(email.template);
  if (!template) return null;
  try {
    return template.render(email.data ?? {}, {}, context, email.language).subject;
  } catch {
    return null;
  }
}

export function toEmailRecord(email: Email, context: RenderContext, now = new Date()): EmailRecord {
  const refusal = retryRefusal(email, now);
  return {
    id: email.id,
    template: email.template,
    recipient: email.recipient,
    subject: subjectOf(email, context) ?? email.template,
    status: email.status,
    attempts: email.attempts,
    lastError: email.lastError ?? null,
    nextAttemptAt: email.status === 'pending' ? email.nextAttemptAt : null,
    expiresAt: email.expiresAt ?? null,
    createdAt: email.createdAt,
    updatedAt: email.updatedAt,
    sentAt: email.sentAt ?? null,
    retryable: refusal === null,
    retryNote: email.status === 'failed' ? refusal : null,
  };
}

/**
 * Puts a failed mail back for sending: pending and due now, so the dispatcher's next pass (at most
 * MAIL_DISPATCH_INTERVAL_MS away) sends it like any other, in the language the row keeps. Its attempts and last error
 * stay until it leaves. 404 for
 * no such mail, 409 with the reason for a mail that did not fail or cannot be sent again; the row is locked, so two
 * staff retrying at once put it back once. Audited (S31: who, from where, failed → pending) in the same transaction.
 * Answers the row as stored.
 */
export async function retryEmail(
  em: EntityManager,
  id: string,
  actor: Identity,
  requestId: string | null,
  now = new Date(),
): Promise<Email> {
  await em.transactional(async (tx) => {
    const email = await tx.findOne(EmailSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!email) throw new HttpError(404, 'E-mail not found');
    const refusal = retryRefusal(email, now);
    if (refusal) throw new HttpError(409, refusal);
    email.status = 'pending';
    email.nextAttemptAt = now;
    recordAudit(tx, actor, requestId, {
      action: 'retry',
      resource: 'emails',
      resourceId: id,
      fromStatus: 'failed',
      toStatus: 'pending',
    });
  });
  // read again after the commit: `updatedAt` is the database's
  return em.findOneOrFail(EmailSchema, { id }, { refresh: true });
}
