import { randomUUID } from 'node:crypto';
import { signIdentity } from '@tullab/http';
import { startedForTests } from '@tullab/testing';
import { files } from './files';
import { INTERNAL_SECRET, SUPPORT_EMAIL, startVerification, testUser } from './helpers';
import { personalDataTests } from './personal-data.fixture';

const verification = startedForTests(startVerification);
const { api, withDocumentAndCode, withTypedAndProvedEmails, outboxAbout } = personalDataTests(verification);

const exportAs = (headers: Record<string, string>, userId: string) =>
  api().post('/internal/personal-data').set(headers).send({ userId });

const signedAs = (role: 'student' | 'admin', userId = randomUUID()) =>
  signIdentity(
    { userId, role, verificationStatus: 'none', sessionId: randomUUID(), ip: '10.0.0.1' },
    INTERNAL_SECRET,
    'verification',
  );

describe('POST /internal/personal-data (verification’s part of the export)', () => {
  test('the status, each request with its institution and document metadata, the codes sent; never a key or code', async () => {
    const user = testUser();
    const { key, studentEmail } = await withDocumentAndCode(user);
    const res = await exportAs(user.headers(), user.userId);
    expect(res.status).toBe(200);
    // a code was sent, never entered: nothing proved (T23)
    expect(res.body.emails).toEqual([]);
    expect(res.body.data.status).toMatchObject({ status: 'pending', studentEmail });
    expect(res.body.data.requests).toEqual([
      expect.objectContaining({ method: 'email', status: 'awaiting_code', studentEmail }),
      expect.objectContaining({
        method: 'document',
        status: 'pending',
        institution: 'University of Sharjah',
        language: 'en',
        document: {
          type: 'student_id',
          fileName: 'my id.pdf',
          kind: 'pdf',
          size: files.pdf.length,
          stored: true,
        },
      }),
    ]);
    expect(res.body.data.emailCodes).toEqual([expect.objectContaining({ studentEmail, usedAt: null })]);
    expect(res.text).not.toContain(key);
    expect(res.text).not.toMatch(/hash/i);
  });

  test('names only the student e-mails proved with a code (T23): not one typed for manual review, not the support inbox; the mail and staff alerts about them name the account', async () => {
    const user = testUser();
    const { strangers, proved } = await withTypedAndProvedEmails(user);
    const res = await exportAs(user.headers(), user.userId);
    expect(res.status).toBe(200);
    expect(res.body.emails).toEqual([proved]);
    // the requests still show what they typed: it is their own record
    expect(res.body.data.requests.map((request: { studentEmail: string }) => request.studentEmail)).toEqual([
      strangers,
      SUPPORT_EMAIL,
      proved,
    ]);
    const stored = await outboxAbout(user.userId);
    expect(stored.filter((row) => row.payload.template === 'staff-alert').map((row) => row.payload)).toEqual([
      expect.objectContaining({ to: SUPPORT_EMAIL, aboutUserId: user.userId }),
      expect.objectContaining({ to: SUPPORT_EMAIL, aboutUserId: user.userId }),
    ]);
    expect(stored.filter((row) => row.payload.template === 'student-email-code')).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ to: proved, userId: user.userId }) }),
    ]);
  });

  test('another student → 403; an admin may; staff → 403; a visitor → 401', async () => {
    const user = testUser();
    expect((await exportAs(testUser().headers(), user.userId)).status).toBe(403);
    expect((await exportAs(signedAs('admin'), user.userId)).status).toBe(200);
    expect((await exportAs(testUser('staff').headers(), user.userId)).status).toBe(403);
    const visitor = signIdentity(
      { userId: null, role: null, verificationStatus: 'none', sessionId: null, ip: '10.0.0.1' },
      INTERNAL_SECRET,
      'verification',
    );
    expect((await exportAs(visitor, user.userId)).status).toBe(401);
  });
});
