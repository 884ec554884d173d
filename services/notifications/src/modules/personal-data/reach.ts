import type { Config } from '../../config';

/**
 * The templates of mail to the platform's own inboxes (staff alerts, contact messages' copies to support): never
 * reached by an address, whoever proved it; a staff alert is reached only by the student it names (`about_user_id`),
 * a contact message's copy only with the message (T23).
 */
export const STAFF_INBOX_TEMPLATES = ['staff-alert', 'contact-message'];

/** The address in `MAIL_FROM` ("Tullab <no-reply@tullab.ae>" or a bare address), lower-case. */
export function senderAddress(mailFrom: string): string {
  return (/<([^<>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim().toLowerCase();
}

/**
 * The platform's own addresses (T23): the team inbox (contact messages, staff alerts) and the sender of every mail.
 * They never reach anything in an export or an erasure, even if someone proved one (a support agent's own account).
 */
export function platformAddresses(config: Pick<Config, 'SUPPORT_EMAIL' | 'MAIL_FROM'>): ReadonlySet<string> {
  return new Set([config.SUPPORT_EMAIL.toLowerCase(), senderAddress(config.MAIL_FROM)]);
}

/** What reaches a person's rows (decision 009, T23). */
export interface Reach {
  /** rows tied to this account; null: by address only */
  userId: string | null;
  /** the addresses the person proved, lower-case, the platform's own taken out */
  addresses: string[];
}

export function reachOf(userId: string | null, proved: string[], platform: ReadonlySet<string>): Reach {
  const addresses = [...new Set(proved.map((email) => email.toLowerCase()))].filter(
    (email) => !platform.has(email),
  );
  return { userId, addresses };
}

interface Where {
  sql: string;
  params: unknown[];
}

/**
 * The rows of `table` a person reaches: tied to them (`user_id`), or tied to nobody and to or from one of the
 * addresses they proved. A row tied to another account is never reached by address. Mail to the platform's inboxes is
 * never reached by address (see {@link STAFF_INBOX_TEMPLATES}). Only the column names are written here; the values
 * are bindings (S28).
 */
export function reached(table: 'email' | 'contact_message', reach: Reach): Where {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (reach.userId) {
    clauses.push('user_id = ?');
    params.push(reach.userId);
  }
  if (reach.addresses.length && table === 'email') {
    clauses.push('(user_id is null and lower(recipient) in (?) and template not in (?))');
    params.push(reach.addresses, STAFF_INBOX_TEMPLATES);
  }
  if (reach.addresses.length && table === 'contact_message') {
    clauses.push('(user_id is null and lower(email) in (?))');
    params.push(reach.addresses);
  }
  return { sql: clauses.length ? `(${clauses.join(' or ')})` : 'false', params };
}
