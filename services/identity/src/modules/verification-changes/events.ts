import { UnrecoverableError } from 'bullmq';
import type { Handler } from '@tullab/events';
import { applyVerificationChange } from './service';

/**
 * `verification.status_changed` (from verification): the user's status, student e-mail, verification time and
 * expiry, so GET /auth/user shows them, and the brands' apps told when an active verification ended. The durable path
 * of decision 002: a change a receipt already applied, or one older than the status held, changes nothing.
 */
export const onStatusChanged =
  (subjectKey: string): Handler<'verification.status_changed'> =>
  async (payload, { em, envelope, log }) => {
    const result = await applyVerificationChange(em, subjectKey, payload, envelope.requestId);
    if (!result) throw new UnrecoverableError(`no user ${payload.userId}`);
    log.info(
      { userId: payload.userId, status: payload.status },
      result.applied
        ? 'verification status applied'
        : 'verification status not newer than the one held; ignored',
    );
  };
