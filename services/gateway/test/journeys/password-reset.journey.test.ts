import { client, newStudent } from '../helpers';
import { codeFrom } from './mail-code';
import { startStack, type Stack } from './stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

describe('password reset, through the gateway', () => {
  test('forgot-password → code by SMTP → verify-reset-otp → reset-password: old password refused, new accepted, every session signed out', async () => {
    const student = newStudent();
    const phone = client(stack.url);
    const laptop = client(stack.url);
    expect((await phone.post('/api/auth/register', student)).status).toBe(201);
    expect(
      (await laptop.post('/api/auth/login', { email: student.email, password: student.password })).status,
    ).toBe(200);
    expect((await phone.get('/api/auth/user')).body.user.email).toBe(student.email);
    expect((await laptop.get('/api/auth/user')).status).toBe(200);

    const browser = client(stack.url);
    const asked = await browser.post('/api/auth/forgot-password', { email: student.email });
    expect(asked.status).toBe(202);
    const mail = await stack.smtp.waitFor(
      (m) => m.to.includes(student.email) && /reset/i.test(m.subject),
      15_000,
    );
    const code = codeFrom(mail.text);

    const verified = await browser.post('/api/auth/verify-reset-otp', { email: student.email, otp: code });
    expect(verified.status).toBe(200);
    const newPassword = 'another quite long passphrase 9';
    const reset = await browser.post('/api/auth/reset-password', { email: student.email, newPassword });
    expect(reset.status).toBe(200);

    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    const old = await client(stack.url).post('/api/auth/login', {
      email: student.email,
      password: student.password,
    });
    expect(old.status).toBe(401);
    const fresh = client(stack.url);
    const login = await fresh.post('/api/auth/login', { email: student.email, password: newPassword });
    expect(login.status).toBe(200);
    expect((await fresh.get('/api/auth/user')).body.user.email).toBe(student.email);
    await stack.smtp.waitFor((m) => m.to.includes(student.email) && /changed/i.test(m.subject), 15_000);
  });

  test('the reset step is bound to the browser that passed the code: another client cannot reset', async () => {
    const student = newStudent();
    expect((await client(stack.url).post('/api/auth/register', student)).status).toBe(201);
    const victim = client(stack.url);
    await victim.post('/api/auth/forgot-password', { email: student.email });
    const mail = await stack.smtp.waitFor(
      (m) => m.to.includes(student.email) && /reset/i.test(m.subject),
      15_000,
    );
    expect(
      (await victim.post('/api/auth/verify-reset-otp', { email: student.email, otp: codeFrom(mail.text) }))
        .status,
    ).toBe(200);

    const attacker = client(stack.url);
    const raced = await attacker.post('/api/auth/reset-password', {
      email: student.email,
      newPassword: 'attacker passphrase 123',
    });
    expect(raced.status).toBe(400);
    expect(
      (await client(stack.url).post('/api/auth/login', { email: student.email, password: student.password }))
        .status,
    ).toBe(200);
  });

  test('forgot-password answers the same for a known and an unknown e-mail', async () => {
    const student = newStudent();
    await client(stack.url).post('/api/auth/register', student);
    const known = await client(stack.url).post('/api/auth/forgot-password', { email: student.email });
    const unknown = await client(stack.url).post('/api/auth/forgot-password', {
      email: `nobody-${student.email}`,
    });
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
  });
});
