import request from 'supertest';
import { files } from './files';
import { SUPPORT_EMAIL, type TestUser, type TestVerification } from './helpers';

/**
 * How the personal-data tests give a student a document, codes and typed or proved addresses, and read what
 * verification stored about them, on the verification their file started (read when a helper is called, so it may
 * still be filling in while the file loads).
 */
export function personalDataTests(verification: TestVerification) {
  const api = () => request(verification.url);

  async function withDocumentAndCode(user: TestUser) {
    const studentEmail = `s${user.userId.slice(0, 8)}@cud.ac.ae`;
    const coded = await api()
      .post('/students/verify')
      .set(user.headers())
      .send({ email: studentEmail, personalEmail: user.email, institution: 'cud.ac.ae', studentId: null });
    expect(coded.status).toBe(200);
    const uploaded = await api()
      .post('/students/verify-document')
      .set(user.headers())
      .field('documentType', 'student_id')
      .field('institution', 'University of Sharjah')
      .attach('document', files.pdf, { filename: 'my id.pdf', contentType: 'application/pdf' });
    expect(uploaded.status).toBe(201);
    const [{ document_key: key }] = await verification.sql<{ document_key: string }>(
      "select document_key from verification_request where user_id = ? and method = 'document'",
      [user.userId],
    );
    return { key, studentEmail };
  }

  /**
   * A student who typed a stranger's address (an unrecognised domain: kept for manual review, staff alerted) and
   * the support inbox's, then proved a university address with its code (T23).
   */
  async function withTypedAndProvedEmails(user: TestUser) {
    const tag = user.userId.slice(0, 8);
    const send = (email: string) =>
      api()
        .post('/students/verify')
        .set(user.headers())
        .send({ email, personalEmail: user.email, institution: email.split('@')[1], studentId: null });
    const strangers = `stranger-${tag}@own-domain-${tag}.example`;
    expect((await send(strangers)).status).toBe(202);
    expect((await send(SUPPORT_EMAIL)).status).toBe(202);
    const proved = `p${tag}@cud.ac.ae`;
    expect((await send(proved)).status).toBe(200);
    const [{ code }] = await verification.mails(proved);
    const verified = await api()
      .post('/students/verify-otp')
      .set(user.headers())
      .send({ email: proved, personalEmail: user.email, otp: code });
    expect(verified.status).toBe(200);
    return { strangers, proved, domain: `own-domain-${tag}.example` };
  }

  return {
    api,
    withDocumentAndCode,
    withTypedAndProvedEmails,
    /** The `email.requested` and `verification.student_emails_erased` payloads verification stored about `userId`. */
    outboxAbout: (userId: string) =>
      verification.sql<{ name: string; payload: Record<string, unknown> }>(
        `select name, payload from outbox where payload->>'userId' = ? or payload->>'aboutUserId' = ?
          order by occurred_at, id`,
        [userId, userId],
      ),
  };
}
