import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EmailRequestedPayload } from '@tullab/contracts';
import { signIdentity } from '@tullab/http';
import { INTERNAL_SECRET, emailRow, mailingForTests, sleep, until } from './helpers';

const { harness, catcher } = mailingForTests({ PUBLIC_URL: 'https://tullab.example' });

const recipient = (name: string) => `${name}-${randomUUID().slice(0, 8)}@student.test`;
const mailsTo = (to: string) => catcher.messages.filter((mail) => mail.to.includes(to));

const ARABIC_SUBJECT = 'ينتهي التحقق من صفتك الطلابية على Tullab بعد 28 يوماً';
const ENGLISH_SUBJECT = 'Your Tullab student verification expires in 28 days';

/** The reminder before a verification expires, as verification now sends it: an ISO day. */
const expiring = (to: string, language?: 'en' | 'ar'): EmailRequestedPayload => ({
  to,
  template: 'verification-expiring',
  data: { firstName: 'Mariam', expiresOn: '2027-11-26', daysLeft: '28' },
  ...(language ? { language } : {}),
});

/** Signed headers as the gateway sends them for a staff member. */
const staff = () =>
  signIdentity(
    {
      userId: randomUUID(),
      role: 'staff',
      verificationStatus: 'none',
      sessionId: randomUUID(),
      ip: '198.51.100.9',
    },
    INTERNAL_SECRET,
    'notifications',
  );

describe('email.requested in the recipient language', () => {
  test('an Arabic request is delivered in Arabic: subject, right-to-left HTML, plain text, the day in Arabic', async () => {
    const to = recipient('mariam');
    const id = await harness.publish(expiring(to, 'ar'));

    const mail = await catcher.waitFor((m) => m.to.includes(to));
    expect(mail.subject).toBe(ARABIC_SUBJECT);
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(mail.html).toMatch(/<table [^>]*lang="ar" dir="rtl" style="[^"]*text-align:right;/);
    expect(mail.html).toContain('ينتهي التحقق من صفتك الطلابية في 26 نوفمبر 2027 (بعد 28 يوماً).');
    expect(mail.html).toContain('href="https://tullab.example/student-verification"');
    expect(mail.text).toContain('مرحباً Mariam،');
    expect(mail.text).toContain('ينتهي التحقق من صفتك الطلابية في 26 نوفمبر 2027 (بعد 28 يوماً).');
    expect(mail.text).toContain('أعد التحقق: https://tullab.example/student-verification');
    expect(mail.text).toContain('Tullab — عروض الطلاب في الإمارات، واحة دبي للسيليكون');
    // nothing English left once the addresses are taken out
    expect(mail.text.replace(/https?:\/\/\S+/g, '')).not.toMatch(/verification|expires|November|Hi /);

    const row = await until(
      () => emailRow(harness, id),
      (r) => r?.status === 'sent',
    );
    expect(row).toMatchObject({ language: 'ar', attempts: 1 });
  });

  test.each([
    ['with language "en"', 'en' as const],
    ['without a language', undefined],
  ])(
    'a request %s is delivered in English as before, the ISO day as English readers write it',
    async (_, language) => {
      const to = recipient('omar');
      const id = await harness.publish(expiring(to, language));

      const mail = await catcher.waitFor((m) => m.to.includes(to));
      expect(mail.subject).toBe(ENGLISH_SUBJECT);
      expect(mail.html).toMatch(/<html lang="en" dir="ltr">/);
      expect(mail.html).not.toContain('dir="rtl"');
      expect(mail.text).toContain('Hi Mariam,');
      expect(mail.text).toContain('Your student verification expires on 26 November 2027 (in 28 days).');
      expect(mail.text).toContain('Tullab — student offers in the UAE, Dubai Silicon Oasis');
      expect(mail.text).not.toMatch(/[\u0600-\u06FF]/);

      const row = await until(
        () => emailRow(harness, id),
        (r) => r?.status === 'sent',
      );
      expect(row?.language).toBe('en');
    },
  );

  test('a mail recorded before mails had a language (the column default) is English', async () => {
    const to = recipient('older');
    const id = randomUUID();
    await harness
      .em()
      .getConnection()
      .execute(
        `insert into email (id, recipient, template, data) values (?, ?, 'verification-expired', '{}')`,
        [id, to],
      );
    harness.dispatcher.nudge();

    const mail = await catcher.waitFor((m) => m.to.includes(to));
    expect(mail.subject).toBe('Your Tullab student verification has expired');
    expect((await emailRow(harness, id))?.language).toBe('en');
  });
});

describe('a retried Arabic mail stays Arabic', () => {
  test('after the SMTP server answered 451, it is delivered in Arabic', async () => {
    const to = recipient('busy');
    catcher.refuse(451);
    const id = await harness.publish(expiring(to, 'ar'));
    await until(
      () => emailRow(harness, id),
      (r) => (r?.attempts ?? 0) >= 2,
    );
    catcher.refuse(null);

    const mail = await catcher.waitFor((m) => m.to.includes(to));
    expect(mail.subject).toBe(ARABIC_SUBJECT);
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(mail.text).toContain('(بعد 28 يوماً)');
    const sent = await until(
      () => emailRow(harness, id),
      (r) => r?.status === 'sent',
    );
    expect(sent!.attempts).toBeGreaterThan(1);
  });

  test('refused with 550 and put back by staff, it is listed and delivered in Arabic', async () => {
    const to = recipient('refused');
    catcher.refuse(550, 'No such user here');
    const id = await harness.publish(expiring(to, 'ar'));
    await until(
      () => emailRow(harness, id),
      (r) => r?.status === 'failed',
    );
    catcher.refuse(null);

    const api = () => request(harness.service.url);
    const shown = await api().get(`/admin/emails/${id}`).set(staff());
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ subject: ARABIC_SUBJECT, status: 'failed', retryable: true });

    const retried = await api().post(`/admin/emails/${id}/retry`).set(staff());
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'pending', subject: ARABIC_SUBJECT });

    const mail = await catcher.waitFor((m) => m.to.includes(to));
    expect(mail.subject).toBe(ARABIC_SUBJECT);
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(mail.text).toContain('ينتهي التحقق من صفتك الطلابية في 26 نوفمبر 2027 (بعد 28 يوماً).');
    await until(
      () => emailRow(harness, id),
      (r) => r?.status === 'sent',
    );
    expect((await emailRow(harness, id))?.language).toBe('ar');
    await sleep(300);
    expect(mailsTo(to)).toHaveLength(1);
  });
});
