import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import { DEFAULT_LANGUAGE, type Language } from '@tullab/http';
import type { Logger } from '@tullab/log';
import type { VerificationContext } from '../../context';
import { VerificationRequestSchema } from '../requests/entities';
import { isoDate } from '../reviews/service';
import { StudentStatusSchema, type StudentStatus } from '../students/entities';
import { changeStatus, LAST_REMINDER_DAYS, lockStudent, RENEWAL_WINDOW_DAYS } from '../students/service';

const DAY_MS = 24 * 3600_000;
const BATCH = 200;

/**
 * Lapsed verifications become `expired` (announced, and the student told), and students whose verification ends
 * within 28 or 7 days get one reminder each. Each row is handled in its own transaction under the student's lock,
 * and marked, so a repeated or overlapping run sends nothing twice. The events carry the run's request id.
 */
export async function sweepExpiries(
  em: EntityManager,
  ctx: VerificationContext,
  log: Logger,
  requestId: string | null,
  now = new Date(),
) {
  let expired = 0;
  let reminded = 0;
  const due = await em.fork().find(
    StudentStatusSchema,
    {
      status: 'active',
      $or: [
        { expiresAt: { $lte: new Date(now.getTime() + LAST_REMINDER_DAYS * DAY_MS) }, remindedLateAt: null },
        {
          expiresAt: { $lte: new Date(now.getTime() + RENEWAL_WINDOW_DAYS * DAY_MS) },
          remindedEarlyAt: null,
        },
        { expiresAt: { $lte: now } },
      ],
    },
    { orderBy: { expiresAt: 'asc' }, limit: BATCH },
  );
  for (const candidate of due) {
    const outcome = await em.fork().transactional(async (tx) => {
      const row = await lockStudent(tx, candidate.userId);
      if (!row || row.status !== 'active' || !row.expiresAt) return null;
      const language = await languageOfVerification(tx, row);
      if (row.expiresAt <= now) return expire(tx, ctx, row, language, requestId);
      return remind(tx, row, now, language, requestId);
    });
    if (outcome === 'expired') expired += 1;
    if (outcome === 'reminded') reminded += 1;
  }
  if (expired || reminded) log.info({ expired, reminded }, 'verification expiry sweep');
}

/**
 * The language of the mails about a student's verification: the one their app showed when they submitted the request
 * that verified them (the latest approved); English when no such request is left.
 */
async function languageOfVerification(tx: EntityManager, row: StudentStatus): Promise<Language> {
  const request = await tx.findOne(
    VerificationRequestSchema,
    { userId: row.userId, status: 'approved' },
    { orderBy: { decidedAt: 'desc' }, fields: ['language'] },
  );
  return request?.language ?? DEFAULT_LANGUAGE;
}

function expire(
  tx: EntityManager,
  ctx: VerificationContext,
  row: StudentStatus,
  language: Language,
  requestId: string | null,
): 'expired' {
  const student = { userId: row.userId, email: row.personalEmail, firstName: row.firstName };
  changeStatus(tx, ctx.config, row, student, { status: 'expired' }, requestId);
  addToOutbox(
    tx,
    'email.requested',
    {
      to: row.personalEmail,
      userId: row.userId,
      template: 'verification-expired',
      data: { firstName: row.firstName },
      language,
    },
    requestId,
  );
  return 'expired';
}

function remind(
  tx: EntityManager,
  row: StudentStatus,
  now: Date,
  language: Language,
  requestId: string | null,
): 'reminded' | null {
  const daysLeft = Math.max(1, Math.ceil(((row.expiresAt as Date).getTime() - now.getTime()) / DAY_MS));
  if (daysLeft <= LAST_REMINDER_DAYS && !row.remindedLateAt) {
    row.remindedLateAt = now;
    row.remindedEarlyAt ??= now;
  } else if (daysLeft <= RENEWAL_WINDOW_DAYS && !row.remindedEarlyAt) {
    row.remindedEarlyAt = now;
  } else return null;
  addToOutbox(
    tx,
    'email.requested',
    {
      to: row.personalEmail,
      userId: row.userId,
      template: 'verification-expiring',
      data: {
        firstName: row.firstName,
        expiresOn: isoDate(row.expiresAt as Date),
        daysLeft: String(daysLeft),
      },
      language,
    },
    requestId,
  );
  return 'reminded';
}
