import { client, newStudent, ORIGIN } from '../helpers';
import { type Browser } from './browsers';
import { startStack, type Stack } from './stack';

// Issue 12: a student's language is kept on their account (identity), and GET /api/auth/user, which the gateway
// answers from the session it keeps (decision 005), shows a change on the very next request.
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

/** Signs a new student up as the app does, naming the language it shows in `Accept-Language`. */
async function signUp(language: string): Promise<Browser> {
  const browser = client(stack.url);
  const res = await browser.agent
    .post('/api/auth/register')
    .set({ Origin: ORIGIN, 'Accept-Language': language })
    .send(newStudent());
  expect(res.status).toBe(201);
  return browser;
}

const languageShown = async (browser: Browser) => {
  const res = await browser.get('/api/auth/user');
  expect(res.status).toBe(200);
  return res.body.user.language as string;
};

describe('the language through the gateway', () => {
  test('signed up in Arabic: GET /api/auth/user says ar, resolved and then kept', async () => {
    const browser = await signUp('ar-AE,ar;q=0.9,en;q=0.8');
    expect(await languageShown(browser)).toBe('ar');
    expect(await languageShown(browser)).toBe('ar');
    expect(await languageShown(await signUp('en-GB'))).toBe('en');
  });

  test('PUT /api/auth/user/language: the next GET /api/auth/user shows the new language, every time', async () => {
    const browser = await signUp('en');
    // twice, so the gateway keeps the session and the next answer comes from what it keeps
    expect(await languageShown(browser)).toBe('en');
    expect(await languageShown(browser)).toBe('en');
    for (const language of ['ar', 'en', 'ar', 'en', 'ar', 'ar', 'en', 'ar']) {
      const saved = await browser.put('/api/auth/user/language', { language });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ message: 'Language saved', language });
      expect(await languageShown(browser)).toBe(language);
      expect(await languageShown(browser)).toBe(language);
    }
  });

  test('a bad value → 400 naming the field; a visitor → 401; a cross-site call → 403; nothing changes', async () => {
    const browser = await signUp('ar');
    expect(await languageShown(browser)).toBe('ar');
    const bad = await browser.put('/api/auth/user/language', { language: 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Language must be "en" or "ar"',
      code: 'validation_failed',
      errors: { language: 'Language must be "en" or "ar"' },
    });
    const visitor = await client(stack.url).put('/api/auth/user/language', { language: 'en' });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ message: 'Not authenticated', code: 'unauthenticated' });
    const crossSite = await browser.agent
      .put('/api/auth/user/language')
      .set({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
      .send({ language: 'en' });
    expect(crossSite.status).toBe(403);
    expect(await languageShown(browser)).toBe('ar');
  });

  test('the reset code asked for in Arabic is queued to be written in Arabic', async () => {
    const browser = await signUp('en');
    const email = (await browser.get('/api/auth/user')).body.user.email as string;
    const asked = await client(stack.url)
      .agent.post('/api/auth/forgot-password')
      .set({ Origin: ORIGIN, 'Accept-Language': 'ar' })
      .send({ email });
    expect(asked.status).toBe(202);
    const rows = (await stack.services.identity.deps.orm.em
      .getConnection()
      .execute(
        "select payload from outbox where name = 'email.requested' and payload->>'to' = ? and payload->>'template' = 'password-reset-code'",
        [email],
      )) as { payload: { language?: string } }[];
    expect(rows.map((row) => row.payload.language)).toEqual(['ar']);
  });
});
