import type { EntityManager } from '@mikro-orm/core';
import { openVerificationReceipt } from '@tullab/events';
import { HttpError, type Caller } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { endUserSessions, issueSession } from '../sessions/service';
import type { IssuedSession } from '../sessions/service';
import type { SignedIn } from '../sessions/sign-in';
import { NOT_AUTHENTICATED } from '../users/current-user';
import { applyVerificationChange } from '../verification-changes/service';

export const messages = {
  invalid: 'Invalid or expired verification receipt',
  otherUser: 'This verification receipt is for another user',
};

/** The user as the receipt left them, and the new session when it rotated (null: the caller's session stands). */
export interface AcceptedReceipt {
  user: SignedIn['user'];
  session: IssuedSession | null;
}

/**
 * POST /internal/verification-receipts (decision 002): the gateway hands over the receipt verification sealed when
 * the caller's code was accepted or their document received, so the very next GET /auth/user shows the new status.
 * In one transaction the change is applied exactly as the `verification.status_changed` event will apply it
 * (whichever comes second changes nothing). A receipt that makes the caller `active` is a verification that
 * succeeded, and the session rotates (S7): every session of the user ends, this one included, and a new one of the
 * same kind is issued for this browser; it rotates even when the event came first. Any other receipt (`pending`
 * for a document waiting for staff) grants nothing, so every session stands.
 */
export async function acceptVerificationReceipt(
  em: EntityManager,
  ctx: IdentityContext,
  receipt: string,
  caller: Caller,
  requestId: string | null,
): Promise<AcceptedReceipt> {
  const { log } = ctx;
  const userId = caller.userId;
  if (!userId || !caller.sessionId) throw new HttpError(401, NOT_AUTHENTICATED);
  const change = openVerificationReceipt(ctx.config.INTERNAL_SECRET, receipt);
  if (!change) {
    log.warn({ userId, reason: 'forged, altered or expired' }, 'verification receipt refused');
    throw new HttpError(400, messages.invalid);
  }
  if (change.userId !== userId) {
    log.warn(
      { userId, receiptUserId: change.userId, reason: 'another user' },
      'verification receipt refused',
    );
    throw new HttpError(403, messages.otherUser);
  }
  const result = await em.transactional(async (tx) => {
    const applied = await applyVerificationChange(tx, ctx.subjectKey, change, requestId);
    // Thrown inside the transaction, so a disabled account keeps its state exactly as it was.
    if (!applied || applied.user.disabledAt) throw new HttpError(401, NOT_AUTHENTICATED);
    if (change.status !== 'active') return { ...applied, sessionsEnded: 0, session: null };
    const sessionsEnded = await endUserSessions(tx, userId);
    return { ...applied, sessionsEnded, session: issueSession(tx, applied.user) };
  });
  log.info(
    { userId, status: change.status, applied: result.applied, sessionsEnded: result.sessionsEnded },
    result.session ? 'verification receipt accepted; session rotated' : 'verification receipt accepted',
  );
  return { user: result.user, session: result.session };
}
