import nodemailer from 'nodemailer';
import { startSmtpCatcher, type SmtpCatcher } from '../src';

let catcher: SmtpCatcher;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
});

afterAll(() => catcher.close());

function transport() {
  return nodemailer.createTransport({ url: catcher.url } as nodemailer.TransportOptions);
}

describe('startSmtpCatcher', () => {
  test('when nodemailer sends a message, then it is caught and parsed', async () => {
    await transport().sendMail({
      from: 'Tullab <no-reply@tullab.local>',
      to: 'student@uaeu.ac.ae',
      bcc: 'audit@tullab.local',
      subject: 'Your verification code',
      text: 'Your code is 482913',
      html: '<p>Your code is <b>482913</b></p>',
    });

    const mail = await catcher.waitFor((m) => m.subject === 'Your verification code');
    expect(catcher.url).toBe(`smtp://127.0.0.1:${catcher.port}`);
    expect(mail).toEqual({
      id: expect.any(String),
      from: 'Tullab <no-reply@tullab.local>',
      to: ['student@uaeu.ac.ae', 'audit@tullab.local'],
      subject: 'Your verification code',
      text: 'Your code is 482913',
      html: '<p>Your code is <b>482913</b></p>',
      date: expect.any(Date),
    });
    expect(catcher.messages).toContain(mail);
  });

  test('when a message arrives later, then waitFor and onMessage see it', async () => {
    const heard: string[] = [];
    const stopListening = catcher.onMessage((m) => heard.push(m.subject));
    const waiting = catcher.waitFor((m) => m.to.includes('later@tullab.local'));

    await transport().sendMail({
      from: 'a@tullab.local',
      to: 'later@tullab.local',
      subject: 'Later',
      text: 'x',
    });
    stopListening();
    await transport().sendMail({
      from: 'a@tullab.local',
      to: 'later@tullab.local',
      subject: 'Unheard',
      text: 'y',
    });

    expect((await waiting).subject).toBe('Later');
    expect(heard).toEqual(['Later']);
  });

  test('when nothing matches, then waitFor rejects after the timeout and names what was caught', async () => {
    await expect(catcher.waitFor((m) => m.subject === 'Never sent', 200)).rejects.toThrow(
      /no matching message within 200 ms \(caught: .*"Your verification code" to student@uaeu\.ac\.ae/,
    );
  });

  test('when refuse(451) is set, then sending fails with 451, and after refuse(null) it is accepted again', async () => {
    const before = catcher.messages.length;
    catcher.refuse(451);

    await expect(
      transport().sendMail({
        from: 'a@tullab.local',
        to: 'busy@tullab.local',
        subject: 'Refused',
        text: 'x',
      }),
    ).rejects.toMatchObject({ responseCode: 451 });
    expect(catcher.messages).toHaveLength(before);

    catcher.refuse(550, 'No such user');
    await expect(
      transport().sendMail({
        from: 'a@tullab.local',
        to: 'gone@tullab.local',
        subject: 'Refused',
        text: 'x',
      }),
    ).rejects.toMatchObject({ responseCode: 550, response: expect.stringContaining('No such user') });

    catcher.refuse(null);
    await transport().sendMail({
      from: 'a@tullab.local',
      to: 'busy@tullab.local',
      subject: 'Accepted',
      text: 'x',
    });
    expect(catcher.messages.at(-1)?.subject).toBe('Accepted');
  });
});
