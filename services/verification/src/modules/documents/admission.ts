import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { tooManyRequests } from '@tullab/http';
import type { VerificationContext } from '../../context';
import { assertMayVerify, findStatus, type Student } from '../students/service';
import { pendingDocuments } from '../requests/pending';
import { MAX_PENDING_DOCUMENTS, tooManyPending } from './service';

/** Uploads per student per hour: a few documents and retries, not a stream of 5 MB bodies held in memory. */
export const UPLOADS_PER_HOUR = 10;
/** How long an upload may hold the student's slot if its process dies before giving it back. */
const SLOT_SECONDS = 120;

export const admissionMessages = {
  tooMany: 'Too many uploads. Please try again later.',
  busy: 'Another document of yours is still uploading. Please wait for it to finish.',
};

/** Deletes the slot only if this upload still holds it (Lua runs atomically in Redis). */
const RELEASE =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/**
 * Everything that can refuse an upload, checked before a byte of the file is read into memory (issue 19, "Sign-in under
 * attack", uploads cannot exhaust memory): the student's hourly count, whether they may verify at all, and how many
 * documents already wait; then the student's one upload slot. Answers the function that gives the slot back. While
 * Redis is down the count and the slot are skipped (the limiter fails open) and the database checks still hold.
 */
export async function admitUpload(
  em: EntityManager,
  ctx: VerificationContext,
  student: Student,
): Promise<() => Promise<void>> {
  const rate = await ctx.limiter.hit(`documents:user:${student.userId}`, UPLOADS_PER_HOUR, 3600);
  if (!rate.allowed) throw tooManyRequests(rate.retryAfter, admissionMessages.tooMany);
  assertMayVerify(await findStatus(em, student.userId));
  if ((await pendingDocuments(em, student.userId)) >= MAX_PENDING_DOCUMENTS) throw tooManyPending();

  const key = `${ctx.config.QUEUE_PREFIX}:verification:upload-slot:${student.userId}`;
  const token = randomUUID();
  const taken = await ctx.redis.set(key, token, 'EX', SLOT_SECONDS, 'NX').catch((err: Error) => {
    ctx.log.warn({ err: err.message }, 'upload slot unavailable; allowing');
    return 'OK';
  });
  if (taken !== 'OK') throw tooManyRequests(5, admissionMessages.busy);
  return async () => {
    await ctx.redis
      .eval(RELEASE, 1, key, token)
      .catch((err: Error) => ctx.log.warn({ err: err.message }, 'upload slot not released; it expires'));
  };
}
