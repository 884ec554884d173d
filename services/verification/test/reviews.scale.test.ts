import request from 'supertest';
import { startVerification, testUser } from './helpers';

let verification: Awaited<ReturnType<typeof startVerification>>;
const staff = testUser('staff');
const ROWS = 10_000;

beforeAll(async () => {
  verification = await startVerification();
  // 10,000 requests as a busy term leaves them: a tenth still pending, spread over 100 days and 2,000 students
  await verification.sql(
    `insert into verification_request (id, user_id, method, status, student_email, email_domain, domain_recognised,
       institution_name, document_type, personal_email, first_name, created_at, updated_at)
     select gen_random_uuid(),
            ('00000000-0000-4000-8000-' || lpad((i % 2000)::text, 12, '0'))::uuid,
            case when i % 2 = 0 then 'document' else 'email' end,
            case when i % 10 = 0 then 'pending' when i % 3 = 0 then 'rejected' else 'approved' end,
            case when i % 2 = 1 then 'student' || i || '@students.uaeu.ac.ae' end,
            case when i % 2 = 1 then 'students.uaeu.ac.ae' end,
            i % 2 = 1,
            case when i % 7 = 0 then 'University of Sharjah' else 'United Arab Emirates University' end,
            case when i % 2 = 0 then 'student_id' end,
            'person' || i || '@mail.test', 'Student' || i,
            now() - (i * interval '864 seconds'), now()
       from generate_series(1, ${ROWS}) as i`,
  );
  await verification.sql('analyze verification_request');
}, 60_000);

afterAll(async () => {
  await verification?.close();
});

const list = (query: Record<string, string>) =>
  request(verification.url).get('/admin/verifications').query(query).set(staff.headers());

describe('the review queue with 10,000 requests', () => {
  test('pages of the pending queue, newest first, with the total in Content-Range', async () => {
    const first = await list({
      filter: '{"status":["pending"]}',
      range: '[0,24]',
      sort: '["createdAt","DESC"]',
    });
    expect(first.status).toBe(200);
    expect(first.headers['content-range']).toBe('verifications 0-24/1000');
    const second = await list({
      filter: '{"status":["pending"]}',
      range: '[25,49]',
      sort: '["createdAt","DESC"]',
    });
    const times = [...first.body, ...second.body].map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set([...first.body, ...second.body].map((r: { id: string }) => r.id)).size).toBe(50);
  });

  test('filters by method, institution, dates and student, and searches', async () => {
    const since = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const recentDocuments = await list({
      filter: JSON.stringify({ method: 'document', institutionName: 'sharjah', createdAt_gte: since }),
    });
    expect(recentDocuments.status).toBe(200);
    for (const row of recentDocuments.body) {
      expect(row).toMatchObject({ method: 'document', institutionName: 'University of Sharjah' });
      expect(Date.parse(row.createdAt)).toBeGreaterThanOrEqual(Date.parse(since));
    }
    const history = await list({ filter: '{"userId":"00000000-0000-4000-8000-000000000007"}' });
    expect(history.headers['content-range']).toBe('verifications 0-4/5');
    const found = await list({ filter: '{"q":"student4321@"}' });
    expect(found.body.map((r: { studentEmail: string }) => r.studentEmail)).toEqual([
      'student4321@students.uaeu.ac.ae',
    ]);
  });

  test('the queue and a student history are read through their indexes, without sorting the table', async () => {
    const plan = async (sql: string) =>
      (await verification.sql<{ 'QUERY PLAN': string }>(`explain ${sql}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const queue = await plan(
      `select * from verification_request where status in ('pending') order by created_at desc, id asc limit 25`,
    );
    expect(queue).toMatch(/Index Scan/);
    expect(queue).not.toMatch(/Seq Scan/);
    const history = await plan(
      `select * from verification_request where user_id = '00000000-0000-4000-8000-000000000007' order by created_at desc limit 25`,
    );
    expect(history).toMatch(/Index Scan|Bitmap/);
    expect(history).not.toMatch(/Seq Scan/);
  });
});
