import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';

export interface StaffAlert {
  title: string;
  message: string;
  /** where in the console to act, below PUBLIC_URL (e.g. `/admin#/offers/<id>/show`) */
  actionPath: string;
  /**
   * the student the alert names, if it names one: their export shows it and their erasure empties it (T23). Today's
   * alerts name none (pool levels; a merchant application's contact, who has no account).
   */
  aboutUserId?: string;
}

/**
 * Queues a `staff-alert` e-mail to the team inbox (decision 002) in the caller's unit of work, so it is sent if and
 * only if the change it reports is stored.
 */
export function alertStaff(
  em: EntityManager,
  supportEmail: string,
  { aboutUserId, ...alert }: StaffAlert,
  requestId: string | null,
): void {
  addToOutbox(
    em,
    'email.requested',
    {
      to: supportEmail,
      template: 'staff-alert',
      data: { ...alert },
      ...(aboutUserId ? { aboutUserId } : {}),
    },
    requestId,
  );
}
