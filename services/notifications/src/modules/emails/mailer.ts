import { createTransport } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Logger } from '@tullab/log';
import type { RenderedEmail } from './templates';

export interface OutgoingEmail extends RenderedEmail {
  /** the email row's id; also the Message-ID's local part, so a repeat is recognisable */
  id: string;
  to: string;
  replyTo?: string | null;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string;
  from: string;
  log: Logger;
}

/** SECURITY "Failure matrix": nodemailer's defaults (2 min / 30 s / 10 min) would hold a dispatcher far too long. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

/** The domain of MAIL_FROM (`Tullab <no-reply@tullab.ae>` → `tullab.ae`), for Message-IDs. */
export function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match ? match[1].toLowerCase() : 'tullab.ae';
}

/**
 * A pooled SMTP transport over SMTP_URL. Query parameters of the URL (`?pool=false`, `?requireTLS=true`, …) are
 * nodemailer options and win over the defaults here.
 */
export function createMailer({ smtpUrl, from, log }: MailerOptions): Mailer {
  const options: SMTPPool.Options = {
    pool: true,
    maxConnections: 3,
    maxMessages: 100,
    ...SMTP_TIMEOUTS,
    ...parseConnectionUrl(smtpUrl),
  };
  const transport = createTransport(options, { from });
  transport.on('error', (err) => log.warn({ err: err.message }, 'smtp transport error'));
  const domain = senderDomain(from);

  return {
    async send(email) {
      await transport.sendMail({
        to: email.to,
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: `<${email.id}@${domain}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close() {
      transport.close();
    },
  };
}
