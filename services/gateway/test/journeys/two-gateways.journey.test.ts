import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import request from 'supertest';
import { freePort } from '@tullab/testing';
import { client, ORIGIN } from '../helpers';
import { browserWithOwnAddress } from './browsers';
import { startStack, type Stack } from './stack';
import { signUpStudent } from './students';

// Decision 005: each gateway keeps resolved sessions, and a sign-out, password change or disabling made through one
// gateway process is refused at once by another process that shares the same Redis (S6, S7).
let stack: Stack;
let second: ChildProcess;
let secondUrl: string;

/** The built gateway (`npm run build`) as a process of its own, joining the stack. */
async function startSecondGateway(): Promise<void> {
  const port = await freePort();
  second = spawn(process.execPath, [path.join(__dirname, '..', '..', 'dist', 'main.js')], {
    env: { ...process.env, ...stack.gatewayEnv, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  secondUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`${secondUrl}/api/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the second gateway did not start');
}

beforeAll(async () => {
  stack = await startStack({ trustProxy: 'loopback' });
  await startSecondGateway();
}, 60_000);

afterAll(async () => {
  if (second && second.exitCode === null) {
    const exited = new Promise((resolve) => second.once('exit', resolve));
    second.kill('SIGTERM');
    await exited;
  }
  await stack?.close();
});

const cookieOf = (res: request.Response) =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');

/** GET /api/auth/user on the other gateway with the given cookie, twice, so it is kept there. */
async function userOn(url: string, cookie: string): Promise<number> {
  await request(url).get('/api/auth/user').set('Cookie', cookie);
  return (await request(url).get('/api/auth/user').set('Cookie', cookie)).status;
}

describe('two gateway processes sharing one Redis', () => {
  test('a sign-out on one is refused at once on the other, every time', async () => {
    for (let i = 0; i < 10; i++) {
      const browser = browserWithOwnAddress(stack.url);
      const registered = await browser.post('/api/auth/register', {
        email: `two-gateways-${Date.now()}-${i}@example.com`,
        password: 'a long and unusual passphrase 7',
        firstName: 'Omar',
        lastName: 'Saeed',
        phone: '+971 50 123 4567',
        emailMarketing: false,
        whatsappMarketing: false,
        role: 'student',
      });
      expect(registered.status).toBe(201);
      const cookie = cookieOf(registered);
      expect(await userOn(secondUrl, cookie)).toBe(200);
      expect(await userOn(stack.url, cookie)).toBe(200);
      expect((await browser.post('/api/auth/logout')).status).toBe(204);
      const after = await request(secondUrl).get('/api/auth/user').set('Cookie', cookie);
      expect(after.status).toBe(401);
    }
  });

  test('a language saved through one is shown at once by the other, every time (issue 12)', async () => {
    const laptop = await signUpStudent(browserWithOwnAddress(stack.url));
    const phone = client(secondUrl);
    const login = await phone.post('/api/auth/login', {
      email: laptop.student.email,
      password: laptop.student.password,
    });
    expect(await userOn(secondUrl, cookieOf(login))).toBe(200);
    for (const language of ['ar', 'en', 'ar', 'en', 'ar']) {
      const saved = await laptop.browser.put('/api/auth/user/language', { language });
      expect(saved.status).toBe(200);
      expect((await phone.get('/api/auth/user')).body.user.language).toBe(language);
    }
  });

  test("a password change on one ends the student's other sessions at once on the other", async () => {
    const laptop = await signUpStudent(browserWithOwnAddress(stack.url));
    const phone = client(secondUrl);
    const login = await phone.post('/api/auth/login', {
      email: laptop.student.email,
      password: laptop.student.password,
    });
    expect(login.status).toBe(200);
    expect(await userOn(secondUrl, cookieOf(login))).toBe(200);
    const changed = await laptop.browser.post('/api/students/change-password', {
      currentPassword: laptop.student.password,
      newPassword: 'another long passphrase 8',
    });
    expect(changed.status).toBe(200);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    // the laptop's rotated session works on both
    expect((await laptop.browser.get('/api/auth/user')).status).toBe(200);
    expect(
      (await request(secondUrl).get('/api/auth/user').set('Cookie', cookieOf(changed)).set('Origin', ORIGIN))
        .status,
    ).toBe(200);
  });
});
