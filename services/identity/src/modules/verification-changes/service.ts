import type { EntityManager } from '@mikro-orm/core';
import type { StatusChangedPayload } from '@tullab/contracts';
import { announceVerificationExpired } from '../connect/expiry-events';
import { applyStatusChange, type AppliedStatusChange } from '../users/verification';

/**
 * Applies a verification change to its user (`applyStatusChange`, decision 002) and, when it ends an active
 * verification, tells the brands' apps the student connected to (`connect.verification_expired`, issue 30 point 5),
 * in the caller's transaction. The event handler and a verification receipt both come here.
 */
export async function applyVerificationChange(
  em: EntityManager,
  subjectKey: string,
  change: StatusChangedPayload,
  requestId: string | null,
): Promise<AppliedStatusChange | null> {
  const result = await applyStatusChange(em, change);
  if (result?.endedActive)
    await announceVerificationExpired(em, subjectKey, result.user.id, change.changedAt, requestId);
  return result;
}
