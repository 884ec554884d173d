import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { freePort, startSmtpCatcher, type SmtpCatcher } from '@tullab/testing';
import { classifySendError } from '../src/modules/emails/delivery';
import { createMailer, type Mailer, type OutgoingEmail } from '../src/modules/emails/mailer';

const log = pino({ level: 'silent' });
const closers: Array<() => unknown> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

const email = (overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  id: randomUUID(),
  to: 'support@tullab.test',
  replyTo: 'sara@student.test',
  subject: 'New contact message from Sara Al Mansoori',
  text: 'Hello',
  html: '<p>Hello</p>',
  ...overrides,
});

function mailer(smtpUrl: string): Mailer {
  const created = createMailer({ smtpUrl, from: 'Tullab <no-reply@tullab.ae>', log });
  closers.push(() => created.close());
  return created;
}

/** A real SMTP server that keeps each message fully parsed, headers included (the shared catcher keeps no Reply-To). */
async function startHeaderRecorder(): Promise<{ url: string; messages: ParsedMail[] }> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onData(stream, _session, callback) {
      simpleParser(stream).then((parsed) => {
        messages.push(parsed);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, messages };
}

describe('the SMTP mailer', () => {
  test('sends From MAIL_FROM, Reply-To the sender, a Message-ID made of the email id, and both bodies', async () => {
    const recorder = await startHeaderRecorder();
    const sent = email();
    await mailer(recorder.url).send(sent);

    expect(recorder.messages).toHaveLength(1);
    const [message] = recorder.messages;
    expect(message.from?.value[0]).toMatchObject({ name: 'Tullab', address: 'no-reply@tullab.ae' });
    expect(message.replyTo?.value[0]?.address).toBe('sara@student.test');
    expect(message.messageId).toBe(`<${sent.id}@tullab.ae>`);
    expect(message.headers.get('auto-submitted')).toBe('auto-generated');
    expect(message.subject).toBe(sent.subject);
    expect(message.text?.trim()).toBe('Hello');
    expect(message.html).toBe('<p>Hello</p>');
  });

  describe('failures are classified from the real SMTP answers', () => {
    let catcher: SmtpCatcher;
    beforeEach(async () => {
      catcher = await startSmtpCatcher();
      closers.push(() => catcher.close());
    });

    test.each([
      [451, 'temporary'],
      [421, 'temporary'],
      [550, 'permanent'],
      [553, 'permanent'],
    ])('an SMTP %i reply is %s', async (code, kind) => {
      catcher.refuse(code);
      const err = await mailer(catcher.url)
        .send(email())
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).toMatchObject({ responseCode: code });
      expect(classifySendError(err)).toBe(kind);
    });
  });

  test('a server that does not answer is a temporary failure', async () => {
    const err = await mailer(`smtp://127.0.0.1:${await freePort()}`)
      .send(email())
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toMatchObject({ code: 'ESOCKET' });
    expect(classifySendError(err)).toBe('temporary');
  });
});
