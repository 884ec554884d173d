import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { urlHost } from './ports';

export interface CaughtMail {
  id: string;
  /** the From header as `Name <address>` or `address`, e.g. `Tullab <no-reply@tullab.local>` (else the envelope sender) */
  from: string;
  /** envelope recipients: everyone the message was delivered to, Bcc included */
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: Date;
}

export type MailListener = (mail: CaughtMail) => void;

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:PORT`, usable as SMTP_URL */
  url: string;
  port: number;
  /** every message caught so far, oldest first */
  messages: CaughtMail[];
  /** the first caught message (already caught or still to come) that matches; rejects after timeoutMs */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** while set, every RCPT TO is answered with this SMTP code (e.g. 451, 550); null accepts again */
  refuse(code: number | null, message?: string): void;
  /** calls the listener for every message caught from now on; returns a function that removes it */
  onMessage(listener: MailListener): () => void;
  close(): Promise<void>;
}

interface Refusal {
  code: number;
  message: string;
}

function fromHeader(from: AddressObject | undefined, session: SMTPServerSession): string {
  const first = from?.value[0];
  if (first?.address) return first.name ? `${first.name} <${first.address}>` : first.address;
  const sender = session.envelope.mailFrom;
  return sender ? sender.address : '';
}

/** A real SMTP server (no auth, no TLS) that keeps every message it receives, parsed. */
export async function startSmtpCatcher(opts: { port?: number; host?: string } = {}): Promise<SmtpCatcher> {
  const host = opts.host ?? '127.0.0.1';
  const messages: CaughtMail[] = [];
  const listeners = new Set<MailListener>();
  let refusal: Refusal | null = null;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 1000,
    onRcptTo(_address, _session, callback) {
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: CaughtMail = {
            id: randomUUID(),
            from: fromHeader(parsed.from, session),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: parsed.date ?? new Date(),
          };
          messages.push(mail);
          for (const listener of listeners) listener(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  server.on('error', () => undefined);

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;

  function onMessage(listener: MailListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  function waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs = 10000): Promise<CaughtMail> {
    const caught = messages.find(predicate);
    if (caught) return Promise.resolve(caught);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        const seen = messages.map((m) => `"${m.subject}" to ${m.to.join(', ')}`).join('; ') || 'none';
        reject(new Error(`SMTP catcher: no matching message within ${timeoutMs} ms (caught: ${seen})`));
      }, timeoutMs);
      const stop = onMessage((mail) => {
        if (!predicate(mail)) return;
        clearTimeout(timer);
        stop();
        resolve(mail);
      });
    });
  }

  return {
    url: `smtp://${urlHost(host)}:${port}`,
    port,
    messages,
    waitFor,
    onMessage,
    refuse(code, message) {
      refusal =
        code === null
          ? null
          : {
              code,
              message: message ?? (code < 500 ? 'Mailbox busy, try again later' : 'Mailbox unavailable'),
            };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
