import { client, newStudent } from '../helpers';
import { codeFrom } from './mail-code';
import { startPrivateRedis } from './private-redis';
import { startStack, type Stack } from './stack';

describe('when Redis is down', () => {
  let stack: Stack;
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    stack = await startStack({ redisUrl: redis.url });
  }, 60_000);

  afterAll(async () => {
    await redis.start().catch(() => undefined);
    await stack?.close();
    await redis.stop();
  });

  test('forgot-password still answers at once, and the code arrives once Redis is back (outbox)', async () => {
    const student = newStudent();
    expect((await client(stack.url).post('/api/auth/register', student)).status).toBe(201);

    await redis.stop();
    const started = Date.now();
    const asked = await client(stack.url).post('/api/auth/forgot-password', { email: student.email });
    expect(asked.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(1500);
    await new Promise((r) => setTimeout(r, 1500));
    expect(stack.smtp.messages.filter((m) => m.to.includes(student.email))).toHaveLength(0);

    await redis.start();
    const mail = await stack.smtp.waitFor((m) => m.to.includes(student.email), 30_000);
    expect(codeFrom(mail.text)).toMatch(/^\d{6}$/);
  }, 60_000);
});

describe('when SMTP refuses mail', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  test('the e-mail is delayed, not lost: it arrives once SMTP accepts again, exactly once', async () => {
    const student = newStudent();
    expect((await client(stack.url).post('/api/auth/register', student)).status).toBe(201);

    stack.smtp.refuse(451, 'Try again later');
    expect((await client(stack.url).post('/api/auth/forgot-password', { email: student.email })).status).toBe(
      202,
    );
    await new Promise((r) => setTimeout(r, 2000));
    expect(stack.smtp.messages.filter((m) => m.to.includes(student.email))).toHaveLength(0);

    stack.smtp.refuse(null);
    await stack.smtp.waitFor((m) => m.to.includes(student.email), 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(stack.smtp.messages.filter((m) => m.to.includes(student.email))).toHaveLength(1);
  }, 60_000);
});
