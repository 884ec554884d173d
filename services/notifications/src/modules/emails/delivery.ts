import { randomInt } from 'node:crypto';

/** What a failed send means for the mail (SECURITY "Failure matrix", SMTP row; RFC 5321 §4.2.1). */
export type SendFailure = 'temporary' | 'permanent';

interface SmtpErrorLike {
  code?: unknown;
  responseCode?: unknown;
}

/**
 * A 5xx reply refuses this message for good (bad mailbox, policy): the mail fails and is not retried. A 4xx reply, a
 * timeout or a lost connection is temporary: the mail is retried until it leaves or expires. A refused login is our
 * configuration, not the message, so it is retried too (the mail leaves once SMTP_URL is fixed).
 */
export function classifySendError(err: unknown): SendFailure {
  const { code, responseCode } = (err ?? {}) as SmtpErrorLike;
  if (code === 'EAUTH') return 'temporary';
  if (typeof responseCode === 'number' && responseCode >= 500 && responseCode <= 599) return 'permanent';
  return 'temporary';
}

/** A uniform draw in [0, 1) from the CSPRNG (the lint rule bans Math.random). */
export function randomFraction(): number {
  return randomInt(0, 1_000_000) / 1_000_000;
}

/**
 * Wait before attempt `attempts + 1`, after `attempts` failed ones: base·2^(attempts-1), at most `maxMs`, with up to
 * half of it taken off at random so mails refused together do not come back together (5 s, 10 s, 20 s, … 5 min).
 */
export function retryDelayMs(
  attempts: number,
  baseMs: number,
  maxMs: number,
  random: () => number = randomFraction,
): number {
  const exponential = baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30));
  const capped = Math.min(exponential, maxMs);
  return Math.max(1, Math.round(capped * (1 - 0.5 * random())));
}

/** What is kept of an error in `last_error` and logs: the SMTP reply, never the message. */
export function describeSendError(err: unknown): string {
  const { code, responseCode } = (err ?? {}) as SmtpErrorLike;
  const message = err instanceof Error ? err.message : String(err);
  const prefix = [
    typeof code === 'string' ? code : null,
    typeof responseCode === 'number' ? responseCode : null,
  ]
    .filter((part) => part !== null)
    .join(' ');
  return (prefix ? `${prefix}: ${message}` : message).slice(0, 1000);
}
