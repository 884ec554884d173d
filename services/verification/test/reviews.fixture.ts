import request from 'supertest';
import { testUser, type TestUser, type TestVerification } from './helpers';
import { files } from './files';

/**
 * What the review tests make requests to review with and read statuses and audit rows by, on the verification their
 * file started (read when a helper is called, so it may still be filling in while the file loads).
 */
export function reviewTests(verification: TestVerification) {
  const api = () => request(verification.url);

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

  return {
    api,
    staff: testUser('staff'),
    uploadedDocument,
    unrecognisedEmail,
    statusOf: async (user: TestUser) => (await api().get('/students/verify').set(user.headers())).body,
    auditRows: (id: string) =>
      verification.sql<{
        action: string;
        actor_id: string;
        from_status: string;
        to_status: string;
        reason: string | null;
      }>(
        'select action, actor_id, from_status, to_status, reason from audit_log where resource_id = ? order by created_at',
        [id],
      ),
  };
}
