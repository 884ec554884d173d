import request from 'supertest';
import { startVerification, testUser, type TestUser } from './helpers';
import { files } from './files';

let verification: Awaited<ReturnType<typeof startVerification>>;
const api = () => request(verification.url);
const staff = testUser('staff');

beforeAll(async () => {
  // the sweep runs as a BullMQ job scheduler every 300 ms here (hourly by default)
  verification = await startVerification({ VERIFICATION_SWEEP_INTERVAL_MS: '300' });
});

afterAll(async () => {
  await verification?.close();
});

/** A student verified by a document they submitted from an app in `language` (none: no Accept-Language). */
async function verifiedStudent(language?: string): Promise<TestUser> {
  const student = testUser();
  const req = api().post('/students/verify-document').set(student.headers());
  if (language) req.set('Accept-Language', language);
  const upload = await req
    .field('documentType', 'student_id')
    .field('institution', 'American University of Sharjah')
    .attach('document', files.jpeg, 'id.jpg');
  await api()
    .post(`/admin/verifications/${upload.body.verification.id}/approve`)
    .set(staff.headers())
    .send({});
  return student;
}

const setExpiry = (student: TestUser, interval: string) =>
  verification.sql(
    `update student_status set expires_at = now() + interval '${interval}' where user_id = ?`,
    [student.userId],
  );

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The day the student's verification ends in the UAE, as PostgreSQL reads it. */
const expiryDay = async (student: TestUser) =>
  (
    await verification.sql<{ day: string }>(
      `select to_char(expires_at at time zone 'Asia/Dubai', 'YYYY-MM-DD') as day from student_status
        where user_id = ?`,
      [student.userId],
    )
  )[0].day;

const templates = async (student: TestUser) =>
  (await verification.mails(student.email)).map((m) => m.template);

describe('the expiry sweep (scheduled)', () => {
  test('reminds 28 and 7 days before, once each, then expires the verification and tells the student', async () => {
    const student = await verifiedStudent();
    await setExpiry(student, '20 days');
    const early = await eventually(
      () => templates(student),
      (t) => t.includes('verification-expiring'),
    );
    expect(early.filter((t) => t === 'verification-expiring')).toHaveLength(1);
    const [reminder] = (await verification.mails(student.email)).filter(
      (m) => m.template === 'verification-expiring',
    );
    expect(reminder).toMatchObject({
      data: { firstName: student.firstName, daysLeft: '20', expiresOn: await expiryDay(student) },
      language: 'en',
    });

    await setExpiry(student, '5 days');
    const late = await eventually(
      () => templates(student),
      (t) => t.filter((x) => x === 'verification-expiring').length === 2,
    );
    expect(late.filter((t) => t === 'verification-expiring')).toHaveLength(2);

    await setExpiry(student, '-1 second');
    // the moment it lapses it counts as expired, before the sweep has run
    expect((await api().get('/students/verify').set(student.headers())).body.status).toBe('expired');
    const expired = await eventually(
      () => templates(student),
      (t) => t.includes('verification-expired'),
    );
    expect(expired.filter((t) => t === 'verification-expiring')).toHaveLength(2);
    expect(expired.filter((t) => t === 'verification-expired')).toHaveLength(1);
    expect((await verification.mails(student.email)).pop()).toMatchObject({
      template: 'verification-expired',
      language: 'en',
    });
    const [row] = await verification.sql<{ status: string }>(
      'select status from student_status where user_id = ?',
      [student.userId],
    );
    expect(row.status).toBe('expired');
    const events = await verification.sql<{ payload: { userId: string; status: string } }>(
      `select payload from outbox where name = 'verification.status_changed' order by occurred_at`,
    );
    expect(
      events
        .map((e) => e.payload)
        .filter((p) => p.userId === student.userId)
        .map((p) => p.status),
    ).toEqual(['pending', 'active', 'expired']);
    // the sweep's run has a request id of its own, carried by the status change and the mail it caused
    const [sweep] = await verification.sql<{ request_id: string | null }>(
      `select request_id from outbox where name = 'verification.status_changed'
          and payload->>'userId' = ? and payload->>'status' = 'expired'`,
      [student.userId],
    );
    expect(sweep.request_id).toMatch(/^[0-9a-f-]{36}$/);
    const caused = await verification.sql<{ name: string }>('select name from outbox where request_id = ?', [
      sweep.request_id,
    ]);
    expect(caused.map((event) => event.name).sort()).toEqual([
      'email.requested',
      'verification.status_changed',
    ]);
    const status = (await api().get('/students/verify').set(student.headers())).body;
    expect(status.message).toBe(
      'Your student verification has expired. Please verify again to keep redeeming offers.',
    );

    // an expired student can verify again
    const again = await api()
      .post('/students/verify-document')
      .set(student.headers())
      .field('documentType', 'transcript')
      .field('institution', 'American University of Sharjah')
      .attach('document', files.pdf, 'transcript.pdf');
    expect(again.status).toBe(201);
  });

  test('a student who submitted in Arabic is reminded and told of the expiry in Arabic', async () => {
    const student = await verifiedStudent('ar');
    await setExpiry(student, '10 days');
    const mails = async () => (await verification.mails(student.email)).slice(2);
    const [reminder] = await eventually(mails, (m) => m.length > 0);
    expect(reminder).toMatchObject({
      template: 'verification-expiring',
      data: { daysLeft: '10', expiresOn: await expiryDay(student) },
      language: 'ar',
    });
    expect(reminder.data.expiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await setExpiry(student, '-1 second');
    const after = await eventually(mails, (m) => m.some((x) => x.template === 'verification-expired'));
    expect(after.find((m) => m.template === 'verification-expired')).toMatchObject({ language: 'ar' });
  });
});
