import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { seal } from '@tullab/events';
import { type EmailRequestedPayload } from '@tullab/contracts';
import { randomDigits, signIdentity } from '@tullab/http';
import { AuditLogSchema } from '@tullab/audit-log';
import { INTERNAL_SECRET, emailRow, sleep, mailingForTests, until, visitorHeaders } from './helpers';

const { harness, catcher } = mailingForTests();

const recipient = (name: string) => `${name}-${randomUUID().slice(0, 8)}@student.test`;
const mailsTo = (to: string) => catcher.messages.filter((mail) => mail.to.includes(to));

/** Signed headers as the gateway sends them for a signed-in caller of `role`. */
const as = (role: 'staff' | 'admin' | 'student', verificationStatus = 'none', userId = randomUUID()) =>
  signIdentity(
    { userId, role, verificationStatus, sessionId: randomUUID(), ip: '198.51.100.9' },
    INTERNAL_SECRET,
    'notifications',
  );

const api = () => request(harness.service.url);
const list = (filter: object, role: 'staff' | 'admin' = 'staff') =>
  api()
    .get('/admin/emails')
    .query({ filter: JSON.stringify(filter) })
    .set(as(role));

/** A mail with nothing secret in it (so it can be sent again after a failure). */
const approved = (to: string) => ({
  to,
  template: 'verification-approved' as const,
  data: { firstName: 'Sara', expiresOn: '31 Aug 2027' },
});

/** A mail that carries a code, sealed until it leaves (dropped when it fails). */
const resetCode = (to: string, code: string) => ({
  to,
  template: 'password-reset-code' as const,
  data: {},
  sealed: seal(INTERNAL_SECRET, { code }),
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
});

async function failWith550(payload: EmailRequestedPayload): Promise<string> {
  catcher.refuse(550, 'No such user here');
  const id = await harness.publish(payload);
  await until(
    () => emailRow(harness, id),
    (row) => row?.status === 'failed',
  );
  catcher.refuse(null);
  return id;
}

describe('/admin/emails: mail the SMTP server refused for good, for staff', () => {
  test('a mail refused with 550 is in the failed list with its error; retried after the server accepts, it is delivered once', async () => {
    const to = recipient('refused');
    const id = await failWith550(approved(to));

    const failed = await list({ status: ['failed'], q: to });
    expect(failed.status).toBe(200);
    expect(failed.headers['content-range']).toBe('emails 0-0/1');
    expect(failed.body).toEqual([
      {
        id,
        template: 'verification-approved',
        recipient: to,
        subject: 'Your Tullab student status is verified',
        status: 'failed',
        attempts: 1,
        lastError: expect.stringMatching(/550.*No such user here/),
        nextAttemptAt: null,
        expiresAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        sentAt: null,
        retryable: true,
        retryNote: null,
      },
    ]);
    expect(new Date(failed.body[0].updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(failed.body[0].createdAt).getTime(),
    );
    // never the data or the sealed values of the mail
    expect(failed.body[0]).not.toHaveProperty('data');
    expect(failed.body[0]).not.toHaveProperty('sealed');
    expect(JSON.stringify(failed.body)).not.toContain('31 Aug 2027');
    expect((await list({ status: ['pending'], q: to })).headers['content-range']).toBe('emails */0');

    const shown = await api().get(`/admin/emails/${id}`).set(as('admin'));
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(failed.body[0]);
    expect(mailsTo(to)).toHaveLength(0);

    const staffId = randomUUID();
    const retried = await api()
      .post(`/admin/emails/${id}/retry`)
      .set(as('staff', 'none', staffId));
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id, status: 'pending', attempts: 1, retryable: false });
    expect(new Date(retried.body.updatedAt).getTime()).toBeGreaterThan(
      new Date(failed.body[0].updatedAt).getTime(),
    );

    const mail = await catcher.waitFor((m) => m.to.includes(to));
    expect(mail.subject).toBe('Your Tullab student status is verified');
    const sent = await until(
      () => emailRow(harness, id),
      (row) => row?.status === 'sent',
    );
    expect(sent).toMatchObject({ attempts: 2, lastError: null, sentAt: expect.any(Date) });
    await sleep(800);
    expect(mailsTo(to)).toHaveLength(1);
    expect((await list({ status: ['failed'], q: to })).body).toEqual([]);
    expect(
      harness.logs.lines.some((line) => line.includes(id) && line.includes('put back for sending by staff')),
    ).toBe(true);
    // audited: who put it back, from where, from failed to pending
    expect(await harness.em().find(AuditLogSchema, { resourceId: id })).toEqual([
      expect.objectContaining({
        action: 'retry',
        resource: 'emails',
        actorId: staffId,
        actorRole: 'staff',
        ip: '198.51.100.9',
        fromStatus: 'failed',
        toStatus: 'pending',
      }),
    ]);

    // a mail that did not fail (here: sent) is not put back
    const again = await api().post(`/admin/emails/${id}/retry`).set(as('staff'));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Only a failed e-mail can be sent again', code: 'conflict' });
    expect(mailsTo(to)).toHaveLength(1);
  });

  test('a failed mail that carried a code cannot be sent again (its code was dropped), and says so', async () => {
    const code = randomDigits(6);
    const to = recipient('code');
    const id = await failWith550(resetCode(to, code));

    const [record] = (await list({ status: ['failed'], q: to })).body;
    expect(record).toMatchObject({
      id,
      template: 'password-reset-code',
      subject: 'password-reset-code',
      status: 'failed',
      retryable: false,
      retryNote: expect.stringContaining('one-time code'),
    });
    expect(JSON.stringify(record)).not.toContain(code);

    const retried = await api().post(`/admin/emails/${id}/retry`).set(as('admin'));
    expect(retried.status).toBe(409);
    expect(retried.body.message).toMatch(/one-time code or link/);
    expect(await harness.em().count(AuditLogSchema, { resourceId: id })).toBe(0);
    expect((await emailRow(harness, id))?.status).toBe('failed');
    await sleep(500);
    expect(mailsTo(to)).toHaveLength(0);
  });

  test('mail being retried after a 4xx is in the pending list with its attempts and error', async () => {
    const to = recipient('busy');
    catcher.refuse(451);
    const id = await harness.publish(approved(to));
    await until(
      () => emailRow(harness, id),
      (row) => (row?.attempts ?? 0) >= 1,
    );
    const res = await list({ status: ['pending'], q: to });
    expect(res.body).toEqual([
      expect.objectContaining({
        id,
        status: 'pending',
        attempts: expect.any(Number),
        lastError: expect.stringMatching(/451/),
        nextAttemptAt: expect.any(String),
        retryable: false,
        retryNote: null,
      }),
    ]);
    const retried = await api().post(`/admin/emails/${id}/retry`).set(as('staff'));
    expect(retried.status).toBe(409);
    catcher.refuse(null);
    await catcher.waitFor((m) => m.to.includes(to));
  });

  test('the list is newest first, pages with Content-Range, and refuses unknown filters and sorts', async () => {
    const tag = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const to = `order-${n}-${tag}@student.test`;
      ids.push(await harness.publish(approved(to)));
      await catcher.waitFor((m) => m.to.includes(to));
    }
    const page = await api()
      .get('/admin/emails')
      .query({ filter: JSON.stringify({ q: tag }), range: JSON.stringify([0, 1]) })
      .set(as('staff'));
    expect(page.status).toBe(200);
    expect(page.headers['content-range']).toBe('emails 0-1/3');
    expect(page.body.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);

    const badFilter = await api()
      .get('/admin/emails')
      .query({ filter: JSON.stringify({ data: 'x' }) })
      .set(as('staff'));
    expect(badFilter.status).toBe(400);
    const badSort = await api()
      .get('/admin/emails')
      .query({ sort: JSON.stringify(['sealed', 'ASC']) })
      .set(as('staff'));
    expect(badSort.status).toBe(400);
  });

  test('an unknown id → 404; a malformed id → 400', async () => {
    expect((await api().get(`/admin/emails/${randomUUID()}`).set(as('staff'))).status).toBe(404);
    const retry = await api().post(`/admin/emails/${randomUUID()}/retry`).set(as('staff'));
    expect(retry.status).toBe(404);
    expect(retry.body).toEqual({ message: 'E-mail not found', code: 'not_found' });
    expect((await api().get('/admin/emails/not-an-id').set(as('staff'))).status).toBe(400);
  });

  test('visitors get 401 and students (verified or not) 403, on every route', async () => {
    const id = randomUUID();
    const calls = [
      () => api().get('/admin/emails'),
      () => api().get(`/admin/emails/${id}`),
      () => api().post(`/admin/emails/${id}/retry`),
    ];
    for (const call of calls) {
      expect((await call().set(visitorHeaders())).status).toBe(401);
      expect((await call().set(as('student'))).status).toBe(403);
      expect((await call().set(as('student', 'active'))).status).toBe(403);
      // and nothing without the gateway's signature at all
      expect((await call()).status).toBe(401);
    }
  });
});
