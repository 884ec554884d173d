import type { EmailRecord as Email, EmailStatus } from '@tullab/contracts';
import type { RaRecord } from 'react-admin';

export type { EmailStatus };

/**
 * One outgoing e-mail (`/api/admin/emails`): who it was for and how delivery went, never its content or code.
 * `subject` is the template's name when the subject cannot be shown without the mail's secret values.
 */
export type EmailRecord = Email & RaRecord;

/** The stored statuses, as the filter offers them: a pending mail is waiting for its first try or being retried. */
export const statusLabels: Record<EmailStatus, string> = {
  failed: 'Failed',
  pending: 'Waiting or retrying',
  sent: 'Sent',
  expired: 'Expired',
};

/** How a mail's delivery reads: a pending mail that was already tried is being retried. */
export type DeliveryState = Exclude<EmailStatus, 'pending'> | 'waiting' | 'retrying';

export const deliveryState = (record: Pick<EmailRecord, 'status' | 'attempts'>): DeliveryState =>
  record.status === 'pending' ? (record.attempts > 0 ? 'retrying' : 'waiting') : record.status;

export const deliveryLabels: Record<DeliveryState, string> = {
  failed: 'Failed',
  retrying: 'Retrying',
  waiting: 'Waiting',
  sent: 'Sent',
  expired: 'Expired',
};

/** The failed mails, as the dashboard links to them (react-admin reads list filters from the URL). */
export const failedEmailsPath = `/emails?filter=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`;
