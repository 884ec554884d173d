import request from 'supertest';
import { as, startVerification, testUser, type TestUser } from './helpers';
import { files } from './files';

let verification: Awaited<ReturnType<typeof startVerification>>;
const api = () => request(verification.url);
const staff = testUser('staff');

beforeAll(async () => {
  verification = await startVerification();
});

afterAll(async () => {
  await verification?.close();
});

async function uploadedDocument(
  user: TestUser,
  kind: 'pdf' | 'png' = 'pdf',
  language?: string,
): Promise<string> {
  const req = api().post('/students/verify-document').set(user.headers());
  if (language) req.set('Accept-Language', language);
  const res = await req
    .field('documentType', 'enrollment_letter')
    .field('institution', 'Khalifa University')
    .attach('document', files[kind], `letter.${kind}`);
  expect(res.status).toBe(201);
  return res.body.verification.id as string;
}

async function unrecognisedEmail(user: TestUser, domain = 'new-college.ae'): Promise<string> {
  const email = `${user.userId.slice(0, 8)}@${domain}`;
  const res = await api()
    .post('/students/verify')
    .set(user.headers())
    .send({ email, personalEmail: user.email, institution: domain, studentId: null });
  expect(res.status).toBe(202);
  const [row] = await verification.sql<{ id: string }>(
    `select id from verification_request where user_id = ? and status = 'pending'`,
    [user.userId],
  );
  return row.id;
}

/** The calendar day of `iso` in the UAE (UTC+4 all year), as `YYYY-MM-DD`. */
const dubaiDay = (iso: string) => new Date(Date.parse(iso) + 4 * 3600_000).toISOString().slice(0, 10);

const statusOf = async (user: TestUser) => (await api().get('/students/verify').set(user.headers())).body;
const auditRows = (id: string) =>
  verification.sql<{
    action: string;
    actor_id: string;
    from_status: string;
    to_status: string;
    reason: string | null;
  }>(
    'select action, actor_id, from_status, to_status, reason from audit_log where resource_id = ? order by created_at',
    [id],
  );

describe('who may review', () => {
  test('a visitor → 401 and a student → 403 on every admin route, documents included', async () => {
    const owner = testUser();
    const id = await uploadedDocument(owner);
    const routes: Array<[string, string]> = [
      ['get', '/admin/verifications'],
      ['get', '/admin/verifications/summary'],
      ['get', `/admin/verifications/${id}`],
      ['get', `/admin/verifications/${id}/document`],
      ['post', `/admin/verifications/${id}/approve`],
      ['post', `/admin/verifications/${id}/reject`],
      ['get', '/admin/audit-log'],
    ];
    for (const [method, path] of routes) {
      const call = (headers: Record<string, string>) =>
        (api() as unknown as Record<string, (p: string) => request.Test>)[method](path).set(headers);
      expect((await call(as(null))).status).toBe(401);
      expect((await call(as('student'))).status).toBe(403);
      expect((await call(owner.headers())).status).toBe(403);
    }
    expect((await statusOf(owner)).status).toBe('pending');
  });
});

describe('GET /admin/verifications', () => {
  test('lists with filters, search and Content-Range; the summary counts what waits', async () => {
    const a = testUser();
    const b = testUser();
    await uploadedDocument(a);
    await unrecognisedEmail(b);
    const res = await api()
      .get('/admin/verifications')
      .query({ filter: JSON.stringify({ status: ['pending'], method: 'document', userId: a.userId }) })
      .set(staff.headers());
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('verifications 0-0/1');
    expect(res.body[0]).toMatchObject({
      userId: a.userId,
      method: 'document',
      status: 'pending',
      documentType: 'enrollment_letter',
      institutionName: 'Khalifa University',
      hasDocument: true,
    });
    expect(res.body[0]).not.toHaveProperty('documentKey');

    const searched = await api()
      .get('/admin/verifications')
      .query({
        filter: JSON.stringify({ q: b.email, createdAt_gte: new Date(Date.now() - 60_000).toISOString() }),
      })
      .set(staff.headers());
    expect(searched.body.map((r: { userId: string }) => r.userId)).toEqual([b.userId]);

    const summary = await api().get('/admin/verifications/summary').set(staff.headers());
    expect(summary.body.pending).toBeGreaterThanOrEqual(2);
    expect(summary.body.pendingDocuments).toBeGreaterThanOrEqual(1);
    expect(summary.body.pendingUnrecognisedEmails).toBeGreaterThanOrEqual(1);
    expect(summary.body.perDay).toHaveLength(30);
    expect(summary.body.perDay[29].submitted).toBeGreaterThanOrEqual(2);

    const bad = await api()
      .get('/admin/verifications')
      .query({ filter: '{"userId":"x"}' })
      .set(staff.headers());
    expect(bad.status).toBe(400);
  });
});

describe('documents for staff (S24)', () => {
  test('streamed with the download headers, and every view audited', async () => {
    const id = await uploadedDocument(testUser(), 'png');
    const res = await api().get(`/admin/verifications/${id}/document`).set(staff.headers()).buffer(true);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, files.png)).toBe(0);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="doc-${id}.png"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect((await auditRows(id)).map((row) => [row.action, row.actor_id])).toEqual([
      ['view-document', staff.userId],
    ]);
  });

  test('a request without a document → 404', async () => {
    const id = await unrecognisedEmail(testUser());
    expect((await api().get(`/admin/verifications/${id}/document`).set(staff.headers())).status).toBe(404);
  });
});

describe('POST /admin/verifications/:id/approve', () => {
  test('a document: active for a year, announced, the student e-mailed, one audit row; a second decision → 409', async () => {
    const student = testUser();
    const id = await uploadedDocument(student);
    const res = await api().post(`/admin/verifications/${id}/approve`).set(staff.headers()).send({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'approved', reviewerId: staff.userId });
    expect(await statusOf(student)).toMatchObject({ status: 'active' });
    const events = await verification.sql<{
      payload: { userId: string; status: string; expiresAt?: string };
    }>(`select payload from outbox where name = 'verification.status_changed' order by occurred_at`);
    const mine = events.map((e) => e.payload).filter((p) => p.userId === student.userId);
    expect(mine.map((p) => p.status)).toEqual(['pending', 'active']);
    expect(mine[1].expiresAt).toBeDefined();
    const mails = await verification.mails(student.email);
    expect(mails.map((m) => m.template)).toEqual(['verification-document-received', 'verification-approved']);
    // the day the verification ends in the UAE, as a date notifications words in the student's language
    expect(mails[1]).toMatchObject({
      data: { firstName: student.firstName, expiresOn: dubaiDay(mine[1].expiresAt as string) },
      language: 'en',
    });
    expect(await auditRows(id)).toEqual([
      {
        action: 'approve',
        actor_id: staff.userId,
        from_status: 'pending',
        to_status: 'approved',
        reason: null,
      },
    ]);

    const again = await api().post(`/admin/verifications/${id}/approve`).set(staff.headers()).send({});
    expect(again.status).toBe(409);
    const reject = await api()
      .post(`/admin/verifications/${id}/reject`)
      .set(staff.headers())
      .send({ reason: 'Blurry' });
    expect(reject.status).toBe(409);
    expect(await auditRows(id)).toHaveLength(1);
  });

  test('a document submitted in Arabic: the approval e-mail is in Arabic, whatever language staff use', async () => {
    const student = testUser();
    const id = await uploadedDocument(student, 'pdf', 'ar');
    const res = await api()
      .post(`/admin/verifications/${id}/approve`)
      .set(staff.headers())
      .set('Accept-Language', 'en-GB')
      .send({});
    expect(res.status).toBe(200);
    // the day the verification ends in the UAE, as PostgreSQL reads it
    const [{ day }] = await verification.sql<{ day: string }>(
      `select to_char(expires_at at time zone 'Asia/Dubai', 'YYYY-MM-DD') as day from student_status
        where user_id = ?`,
      [student.userId],
    );
    const mails = await verification.mails(student.email);
    expect(mails).toEqual([
      expect.objectContaining({
        template: 'verification-document-received',
        data: { documentType: 'enrollment_letter' },
        language: 'ar',
      }),
      expect.objectContaining({
        template: 'verification-approved',
        data: { firstName: student.firstName, expiresOn: day },
        language: 'ar',
      }),
    ]);
    expect(mails[1].data.expiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test('two staff approving at once: exactly one wins', async () => {
    const id = await uploadedDocument(testUser());
    const results = await Promise.all(
      [staff, testUser('admin')].map((who) =>
        api().post(`/admin/verifications/${id}/approve`).set(who.headers()).send({}),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditRows(id)).toHaveLength(1);
  });

  test('an unrecognised e-mail, also teaching its institution the domain: the next student is recognised', async () => {
    const [institution] = await verification.sql<{ id: string }>(
      `select id from institution where name = 'Zayed University'`,
    );
    const first = testUser();
    const id = await unrecognisedEmail(first, 'zu-students.ae');
    const res = await api()
      .post(`/admin/verifications/${id}/approve`)
      .set(staff.headers())
      .send({ addDomainToInstitutionId: institution.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ institutionName: 'Zayed University', status: 'approved' });
    expect(await statusOf(first)).toMatchObject({ status: 'active', institution: 'Zayed University' });

    const second = testUser();
    const email = `${second.userId.slice(0, 8)}@zu-students.ae`;
    const code = await api()
      .post('/students/verify')
      .set(second.headers())
      .send({ email, personalEmail: second.email, institution: 'zu-students.ae', studentId: null });
    expect(code.status).toBe(200);
  });
});

describe('POST /admin/verifications/:id/reject', () => {
  test('needs a reason; then rejected, announced with the reason, e-mailed, audited', async () => {
    const student = testUser();
    const id = await uploadedDocument(student);
    const noReason = await api().post(`/admin/verifications/${id}/reject`).set(staff.headers()).send({});
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toHaveProperty('reason');

    const reason = 'The document is not readable. Please upload a clearer scan.';
    const res = await api().post(`/admin/verifications/${id}/reject`).set(staff.headers()).send({ reason });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', reason });
    expect(await statusOf(student)).toMatchObject({ status: 'rejected' });
    const mails = await verification.mails(student.email);
    expect(mails[mails.length - 1]).toMatchObject({
      template: 'verification-rejected',
      data: { reason },
      language: 'en',
    });
    expect(await auditRows(id)).toEqual([
      { action: 'reject', actor_id: staff.userId, from_status: 'pending', to_status: 'rejected', reason },
    ]);
  });

  test('a document submitted in Arabic: the rejection e-mail is in Arabic', async () => {
    const student = testUser();
    const id = await uploadedDocument(student, 'png', 'ar');
    const reason = 'The document is not readable.';
    expect(
      (await api().post(`/admin/verifications/${id}/reject`).set(staff.headers()).send({ reason })).status,
    ).toBe(200);
    const mails = await verification.mails(student.email);
    expect(mails[mails.length - 1]).toMatchObject({
      template: 'verification-rejected',
      data: { firstName: student.firstName, reason },
      language: 'ar',
    });
  });

  test('a student with another document still waiting stays pending', async () => {
    const student = testUser();
    const first = await uploadedDocument(student);
    await uploadedDocument(student, 'png');
    await api()
      .post(`/admin/verifications/${first}/reject`)
      .set(staff.headers())
      .send({ reason: 'Expired ID card' });
    expect((await statusOf(student)).status).toBe('pending');
  });
});

describe('audit log', () => {
  test('staff read it with filters; nobody can change it (S31)', async () => {
    const id = await uploadedDocument(testUser());
    await api().post(`/admin/verifications/${id}/approve`).set(staff.headers()).send({});
    const res = await api()
      .get('/admin/audit-log')
      .query({ filter: JSON.stringify({ resourceId: id }) })
      .set(staff.headers());
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('audit-log 0-0/1');
    expect(res.body[0]).toMatchObject({
      action: 'approve',
      resource: 'verifications',
      actorId: staff.userId,
    });
    await expect(verification.sql(`update audit_log set reason = 'changed'`)).rejects.toThrow(/append-only/);
    await expect(verification.sql('delete from audit_log')).rejects.toThrow(/append-only/);
  });
});
