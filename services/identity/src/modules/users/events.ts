import { UnrecoverableError } from 'bullmq';
import type { Handler } from '@tullab/events';
import { UserSchema } from './entities';

/**
 * `verification.status_changed` (from verification): the user's status, student e-mail and verification time, so
 * GET /auth/user shows it. An event older than the status identity already holds is ignored (events may arrive out
 * of order after retries).
 */
export const onStatusChanged: Handler<'verification.status_changed'> = async (payload, { em, log }) => {
  const user = await em.findOne(UserSchema, { id: payload.userId });
  if (!user) throw new UnrecoverableError(`no user ${payload.userId}`);
  const changedAt = new Date(payload.changedAt);
  if (user.verificationChangedAt && changedAt < user.verificationChangedAt) {
    log.info({ userId: user.id, status: payload.status }, 'stale verification status ignored');
    return;
  }
  user.verificationStatus = payload.status;
  if (payload.studentEmail) user.studentEmail = payload.studentEmail.toLowerCase();
  user.verifiedAt = payload.status === 'active' ? changedAt : null;
  user.verificationChangedAt = changedAt;
  user.updatedAt = new Date();
  log.info({ userId: user.id, status: payload.status }, 'verification status applied');
};
