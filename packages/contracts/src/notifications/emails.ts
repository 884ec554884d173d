/** A stored status of an outgoing mail. */
export const emailStatuses = ['pending', 'sent', 'failed', 'expired'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

/**
 * One outgoing e-mail as staff see it (`/admin/emails`): who it was for and how delivery went, never its data nor
 * its sealed values.
 */
export interface EmailRecord {
  id: string;
  template: string;
  recipient: string;
  /** the subject the mail has (or had), or the template's name when it cannot be shown without its secret values */
  subject: string;
  status: EmailStatus;
  /** delivery attempts so far; a pending mail with attempts is being retried */
  attempts: number;
  /** the last SMTP answer or error (`EENVELOPE 550: …`), kept after a failure */
  lastError: string | null;
  /** when a pending mail is tried next; null once it is sent, failed or expired */
  nextAttemptAt: string | null;
  /** a mail with a code is not sent after this */
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** whether `POST /admin/emails/:id/retry` would put it back (see `retryNote` when not) */
  retryable: boolean;
  /** why a failed mail cannot be sent again; null when it can, or when it did not fail */
  retryNote: string | null;
}
