import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { signIdentity } from '@tullab/http';
import { OutboxMessageSchema } from '@tullab/events';
import { startSmtpCatcher, type SmtpCatcher } from '@tullab/testing';
import { ContactMessageSchema, EmailSchema } from '../src';
import { INTERNAL_SECRET, SUPPORT_EMAIL, startHarness, until, visitorHeaders, type Harness } from './helpers';

let catcher: SmtpCatcher;
let harness: Harness;
let ipCounter = 10;
/** A fresh client address per test, so the per-IP limit of one test does not touch another. */
const nextIp = () => `203.0.113.${ipCounter++}`;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  harness = await startHarness({ SMTP_URL: catcher.url });
});

afterAll(async () => {
  await harness?.close();
  await catcher?.close();
});

const valid = {
  firstName: 'Sara',
  lastName: 'Al Mansoori',
  email: 'sara@student.test',
  message: 'Hello, I cannot find my university in the list.',
};

const post = (body: unknown, ip = nextIp()) =>
  request(harness.service.url)
    .post('/contact')
    .set(visitorHeaders(ip))
    .send(body as object);

describe('POST /contact', () => {
  test('without the signed identity header, then 401 and nothing stored', async () => {
    const res = await request(harness.service.url).post('/contact').send(valid);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized', code: 'unauthenticated' });
    expect(await harness.em().count(ContactMessageSchema, {})).toBe(0);
  });

  test.each([
    ['firstName', { firstName: 'S' }, 'First name must be at least 2 characters'],
    ['firstName', { firstName: '  S  ' }, 'First name must be at least 2 characters'],
    ['firstName', { firstName: undefined }, 'First name must be at least 2 characters'],
    ['firstName', { firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
    ['lastName', { lastName: 'A' }, 'Last name must be at least 2 characters'],
    ['lastName', { lastName: 42 }, 'Last name must be at least 2 characters'],
    ['lastName', { lastName: 'x'.repeat(101) }, 'Last name must be at most 100 characters'],
    ['email', { email: 'sara@' }, 'Please enter a valid email address'],
    ['email', { email: '' }, 'Please enter a valid email address'],
    ['email', { email: `${'x'.repeat(250)}@a.ae` }, 'Email must be at most 254 characters'],
    ['message', { message: 'Too short' }, 'Message must be at least 10 characters'],
    ['message', { message: '   short    ' }, 'Message must be at least 10 characters'],
    ['message', { message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
  ])('with an invalid %s (%j), then 400 "%s"', async (field, change, text) => {
    const res = await post({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: text, code: 'validation_failed', errors: { [field]: text } });
  });

  test('with every field wrong, then 400 with one message per field and the first repeated as message', async () => {
    const res = await post({ firstName: '', lastName: '', email: 'nope', message: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'First name must be at least 2 characters',
      code: 'validation_failed',
      errors: {
        firstName: 'First name must be at least 2 characters',
        lastName: 'Last name must be at least 2 characters',
        email: 'Please enter a valid email address',
        message: 'Message must be at least 10 characters',
      },
    });
    expect(await harness.em().count(ContactMessageSchema, {})).toBe(0);
  });

  test('with a valid message, then 201, the message is stored and support gets it (Reply-To: the sender)', async () => {
    const ip = nextIp();
    const res = await post(
      {
        ...valid,
        firstName: '  Sara ',
        message: '  Hello, I cannot find my university in the list.\n<b>Thanks</b>  ',
      },
      ip,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Message sent' });

    const stored = await harness.em().findOneOrFail(ContactMessageSchema, { email: valid.email });
    expect(stored).toMatchObject({
      firstName: 'Sara',
      lastName: 'Al Mansoori',
      email: 'sara@student.test',
      message: 'Hello, I cannot find my university in the list.\n<b>Thanks</b>',
      status: 'new',
      ip,
    });
    expect(stored.createdAt).toBeInstanceOf(Date);
    const outbox = await harness.em().findOneOrFail(OutboxMessageSchema, { id: stored.emailId! });
    expect(outbox.name).toBe('email.requested');
    expect(outbox.payload).toMatchObject({
      to: SUPPORT_EMAIL,
      template: 'contact-message',
      replyTo: valid.email,
    });

    const mail = await catcher.waitFor((m) => m.to.includes(SUPPORT_EMAIL));
    expect(mail.subject).toBe('New contact message from Sara Al Mansoori');
    expect(mail.text).toContain('Hello, I cannot find my university in the list.\n<b>Thanks</b>');
    expect(mail.text).toContain('sara@student.test');
    expect(mail.html).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Thanks</b>');
    expect(mail.html).toContain('#57CC97');
    const email = await until(
      () => harness.em().findOne(EmailSchema, { id: stored.emailId! }),
      (row) => row?.status === 'sent',
    );
    expect(email).toMatchObject({
      recipient: SUPPORT_EMAIL,
      replyTo: valid.email,
      template: 'contact-message',
    });
  });

  test('a sixth message from one address within 10 minutes, then 429 with Retry-After; another address still gets 201', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await post(valid, ip)).status).toBe(201);
    }
    const res = await post(valid, ip);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too many messages. Please try again later.', code: 'rate_limited' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await harness.em().count(ContactMessageSchema, { ip })).toBe(5);

    expect((await post(valid, nextIp())).status).toBe(201);
  });
});

describe('health', () => {
  test('/healthz and /readyz answer without the identity header; readiness checks PostgreSQL and Redis only', async () => {
    expect((await request(harness.service.url).get('/healthz')).status).toBe(200);
    const ready = await request(harness.service.url).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
  });

  test('a signed call to an unknown path gets a JSON 404', async () => {
    const res = await request(harness.service.url).get('/nothing-here').set(visitorHeaders());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'not_found' });
  });
});

describe('/admin/contact-messages', () => {
  const staffHeaders = (role: 'staff' | 'student' = 'staff') =>
    signIdentity(
      { userId: randomUUID(), role, verificationStatus: 'none', sessionId: randomUUID(), ip: '198.51.100.9' },
      INTERNAL_SECRET,
      'notifications',
    );

  test('a visitor → 401, a student → 403', async () => {
    expect(
      (await request(harness.service.url).get('/admin/contact-messages').set(visitorHeaders())).status,
    ).toBe(401);
    expect(
      (await request(harness.service.url).get('/admin/contact-messages').set(staffHeaders('student'))).status,
    ).toBe(403);
  });

  test('staff list, search and read messages, and mark one handled and open again', async () => {
    const marker = `Marker ${randomUUID()}`;
    expect((await post({ ...valid, message: `${marker}: my code does not work` })).status).toBe(201);
    const list = await request(harness.service.url)
      .get('/admin/contact-messages')
      .query({ filter: JSON.stringify({ q: marker, status: ['new'] }) })
      .set(staffHeaders());
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('contact-messages 0-0/1');
    const [record] = list.body;
    expect(record).toMatchObject({ firstName: 'Sara', email: valid.email, status: 'new', handledAt: null });
    expect(record).not.toHaveProperty('ip');

    const handled = await request(harness.service.url)
      .post(`/admin/contact-messages/${record.id}/handle`)
      .set(staffHeaders());
    expect(handled.status).toBe(200);
    expect(handled.body).toMatchObject({ status: 'handled', handledAt: expect.any(String) });
    const shown = await request(harness.service.url)
      .get(`/admin/contact-messages/${record.id}`)
      .set(staffHeaders());
    expect(shown.body.status).toBe('handled');
    const reopened = await request(harness.service.url)
      .post(`/admin/contact-messages/${record.id}/reopen`)
      .set(staffHeaders());
    expect(reopened.body).toMatchObject({ status: 'new', handledAt: null, handledBy: null });
    expect(
      (await request(harness.service.url).get(`/admin/contact-messages/${randomUUID()}`).set(staffHeaders()))
        .status,
    ).toBe(404);
  });
});
