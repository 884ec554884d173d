import { Redis } from 'ioredis';
import { broadcastChannel } from '@tullab/broadcasts';
import {
  codeOf,
  newStaff,
  newStudent,
  registered,
  signInStaff,
  startIdentity,
  waitFor,
  type TestIdentity,
} from './helpers';

/**
 * Arabic (issue 12): a student's language is kept on their account, set at sign-up from the app's `Accept-Language`
 * and changed with PUT /auth/user/language; identity's own mails to a student carry it. Staff mails stay English.
 */

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.close();
});

const languageOf = async (userId: string) =>
  (await identity.sql<{ language: string }>('select language from users where id = ?', [userId]))[0].language;

const LANGUAGE_ERROR = 'Language must be "en" or "ar"';

describe('the language at sign-up', () => {
  test.each([
    ['ar', 'ar'],
    ['ar-AE,en;q=0.8', 'ar'],
    ['fr-FR, ar;q=0.5, en;q=0.4', 'ar'],
    ['en-GB,ar;q=0.9', 'en'],
    ['fr', 'en'],
    [null, 'en'],
  ])(
    'Accept-Language %s → %s, stored and shown by GET /auth/user and the session',
    async (header, expected) => {
      const client = identity.client();
      client.language = header;
      const res = await client.post('/auth/register', newStudent());
      expect(res.status).toBe(201);
      expect(res.body.user.language).toBe(expected);
      expect(await languageOf(res.body.user.id)).toBe(expected);
      client.language = null;
      expect((await client.get('/auth/user')).body.user.language).toBe(expected);
      // what the gateway keeps for the session, and answers GET /api/auth/user from
      expect((await identity.resolve(client.sid!)).body.user.language).toBe(expected);
    },
  );

  test('a staff account made by an operator is English', async () => {
    const member = await newStaff(identity);
    expect(await languageOf(member.id)).toBe('en');
  });
});

describe('PUT /auth/user/language', () => {
  test('saves the language: 200 with it; GET /auth/user and the session resolved next show it at once', async () => {
    const { client, user } = await registered(identity);
    expect((await identity.resolve(client.sid!)).body.user.language).toBe('en');

    const res = await client.put('/auth/user/language', { language: 'ar' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Language saved', language: 'ar' });
    expect(await languageOf(user.id)).toBe('ar');
    expect((await client.get('/auth/user')).body.user.language).toBe('ar');
    expect((await identity.resolve(client.sid!)).body.user.language).toBe('ar');

    // back again, and the same language twice is still a 200
    expect((await client.put('/auth/user/language', { language: 'en' })).body).toEqual({
      message: 'Language saved',
      language: 'en',
    });
    expect((await client.put('/auth/user/language', { language: 'en' })).status).toBe(200);
    expect(await languageOf(user.id)).toBe('en');
  });

  test('a change is broadcast to the gateways (decision 005), so none keeps the old language', async () => {
    const { client, user } = await registered(identity);
    const heard: string[] = [];
    const subscriber = new Redis(identity.config.REDIS_URL);
    try {
      subscriber.on('message', (_channel: string, message: string) => heard.push(message));
      await subscriber.subscribe(broadcastChannel(identity.config.QUEUE_PREFIX, 'sessions'));
      expect((await client.put('/auth/user/language', { language: 'ar' })).status).toBe(200);
      await waitFor(async () => heard.includes(user.id), 3000);
    } finally {
      subscriber.disconnect();
    }
  });

  test.each([
    [{ language: 'fr' }],
    [{ language: 'AR' }],
    [{ language: '' }],
    [{ language: 1 }],
    [{ language: null }],
    [{}],
  ])('%j → 400 naming the field; nothing changes', async (body) => {
    const { client, user } = await registered(identity);
    const res = await client.put('/auth/user/language', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: LANGUAGE_ERROR,
      code: 'validation_failed',
      errors: { language: LANGUAGE_ERROR },
    });
    expect(await languageOf(user.id)).toBe('en');
  });

  test('a visitor → 401, whatever the body', async () => {
    for (const body of [{ language: 'ar' }, { language: 'fr' }]) {
      const res = await identity.client().put('/auth/user/language', body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Not authenticated', code: 'unauthenticated' });
    }
  });

  test('staff may save one too', async () => {
    const member = await newStaff(identity);
    const client = await signInStaff(identity, member);
    const res = await client.put('/auth/user/language', { language: 'ar' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Language saved', language: 'ar' });
    expect((await client.get('/auth/user')).body.user.language).toBe('ar');
  });
});

describe("identity's mails in the student's language", () => {
  test('forgot-password asked in Arabic: the code mail carries language ar; asked without a language, en', async () => {
    const { student } = await registered(identity);
    const arabic = identity.client();
    arabic.language = 'ar-AE,ar;q=0.9';
    expect((await arabic.post('/auth/forgot-password', { email: student.email })).status).toBe(202);
    const [mail] = await identity.mails(student.email);
    expect(mail.payload).toMatchObject({ template: 'password-reset-code', language: 'ar' });

    const other = await registered(identity);
    await identity.client().post('/auth/forgot-password', { email: other.student.email });
    const [english] = await identity.mails(other.student.email);
    expect(english.payload).toMatchObject({ template: 'password-reset-code', language: 'en' });
  });

  test("the reset is asked for by a visitor: the request's language wins over the account's", async () => {
    const { student, client } = await registered(identity);
    await client.put('/auth/user/language', { language: 'ar' });
    const browser = identity.client();
    browser.language = 'en';
    await browser.post('/auth/forgot-password', { email: student.email });
    const [codeMail] = await identity.mails(student.email);
    expect(codeMail.payload.language).toBe('en');

    browser.language = 'ar';
    expect(
      (await browser.post('/auth/verify-reset-otp', { email: student.email, otp: codeOf(codeMail) })).status,
    ).toBe(200);
    const reset = await browser.post('/auth/reset-password', {
      email: student.email,
      newPassword: 'another long passphrase 4',
    });
    expect(reset.status).toBe(200);
    const changed = (await identity.mails(student.email)).at(-1)!;
    expect(changed.payload).toMatchObject({ template: 'password-changed', language: 'ar' });
  });

  test("a signed-in student's password change: the notice is in the account's language, not the request's", async () => {
    const { student, client } = await registered(identity);
    await client.put('/auth/user/language', { language: 'ar' });
    client.language = 'en';
    const res = await client.post('/students/change-password', {
      currentPassword: student.password,
      newPassword: 'brand new passphrase 2026!',
    });
    expect(res.status).toBe(200);
    const [mail] = await identity.mails(student.email);
    expect(mail.payload).toMatchObject({ template: 'password-changed', language: 'ar' });
  });

  test('staff mails stay English: no language, even asked in Arabic or saved as Arabic', async () => {
    const member = await newStaff(identity);
    const client = await signInStaff(identity, member);
    await client.put('/auth/user/language', { language: 'ar' });
    client.language = 'ar';
    expect(
      (
        await client.post('/students/change-password', {
          currentPassword: member.password,
          newPassword: 'a new staff passphrase 10',
        })
      ).status,
    ).toBe(200);
    const visitor = identity.client();
    visitor.language = 'ar';
    expect((await visitor.post('/auth/forgot-password', { email: member.email })).status).toBe(202);
    const mails = (await identity.mails(member.email)).filter((m) =>
      ['password-changed', 'password-reset-code'].includes(m.payload.template),
    );
    expect(mails.map((m) => m.payload.template)).toEqual(['password-changed', 'password-reset-code']);
    for (const mail of mails) expect(mail.payload).not.toHaveProperty('language');
  });
});
