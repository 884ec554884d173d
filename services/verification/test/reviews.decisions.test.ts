import { startedForTests } from '@tullab/testing';
import { startVerification, testUser } from './helpers';
import { reviewTests } from './reviews.fixture';

const verification = startedForTests(startVerification);
const { api, staff, uploadedDocument, unrecognisedEmail, statusOf, auditRows } = reviewTests(verification);

/** The calendar day of `iso` in the UAE (UTC+4 all year), as `YYYY-MM-DD`. */
const dubaiDay = (iso: string) => new Date(Date.parse(iso) + 4 * 3600_000).toISOString().slice(0, 10);

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
