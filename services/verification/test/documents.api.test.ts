import type request from 'supertest';
import { openVerificationReceipt } from '@tullab/events';
import { VERIFICATION_RECEIPT_HEADER } from '@tullab/contracts';
import { startedForTests } from '@tullab/testing';
import { as, INTERNAL_SECRET, startVerification, SUPPORT_EMAIL, testUser, type TestUser } from './helpers';
import { files, pdfOfSize } from './files';
import { documentTests } from './documents.fixture';

const verification = startedForTests(startVerification);
const { api, upload, documentRows } = documentTests(verification);

describe('POST /students/verify-document', () => {
  test('a visitor → 401', async () => {
    const res = await api()
      .post('/students/verify-document')
      .set(as(null))
      .attach('document', files.pdf, 'a.pdf');
    expect(res.status).toBe(401);
  });

  test.each([
    ['jpeg', 'card.jpg'],
    ['jpeg', 'card.JPEG'],
    ['png', 'card.png'],
    ['webp', 'card.webp'],
    ['pdf', 'letter.pdf'],
  ] as const)(
    'a %s file named %s → 201, pending, stored privately under a random key',
    async (kind, name) => {
      const user = testUser();
      const res = await upload(user, { content: files[kind], name });
      expect(res.status).toBe(201);
      expect(res.body.verification).toMatchObject({ status: 'pending', documentType: 'student_id' });
      const [row] = await documentRows(user);
      expect(row).toMatchObject({ status: 'pending', document_kind: kind, document_name: name });
      expect(row.document_key).toMatch(
        /^docs\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      // the bucket is private: an anonymous read is refused
      const anonymous = await fetch(
        `${verification.s3.endpoint}/${verification.config.DOCUMENT_BUCKET}/${row.document_key}`,
      );
      expect(anonymous.status).toBe(403);
      const status = (await api().get('/students/verify').set(user.headers())).body;
      expect(status).toMatchObject({ status: 'pending', pendingDocuments: 1 });
      const mails = await verification.mails(user.email);
      // no Accept-Language: English, and the type as its code (notifications words it)
      expect(mails).toEqual([
        expect.objectContaining({
          template: 'verification-document-received',
          data: { documentType: 'student_id' },
          language: 'en',
        }),
      ]);
      expect((await verification.mails(SUPPORT_EMAIL)).some((m) => m.data.message.includes(user.email))).toBe(
        true,
      );
    },
  );

  test.each([
    ['a renamed executable', files.executable, 'evil.png'],
    ['a PHP script called .png', files.php, 'evil.png'],
    ['a GIF', files.gif, 'anim.gif'],
    ['a PNG named .pdf', files.png, 'scan.pdf'],
    ['a PDF without an extension', files.pdf, 'scan'],
  ])('%s → 415 Invalid file type, nothing stored', async (_label, content, name) => {
    const user = testUser();
    const res = await upload(user, { content, name, type: 'application/pdf' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      message: 'Invalid file type',
      code: 'file_type_not_allowed',
      errors: { document: 'Invalid file type' },
    });
    expect(await documentRows(user)).toEqual([]);
  });

  test('5,242,880 bytes → 201; 5,242,881 bytes → 413 File too large and no row', async () => {
    const user = testUser();
    expect((await upload(user, { content: pdfOfSize(5_242_880), name: 'big.pdf' })).status).toBe(201);
    const other = testUser();
    const res = await upload(other, { content: pdfOfSize(5_242_881), name: 'bigger.pdf' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File too large');
    expect(await documentRows(other)).toEqual([]);
  });

  test('the SPEC messages: no file, no type, no institution', async () => {
    const user = testUser();
    const noFile = await upload(user, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({
      message: 'No file selected',
      code: 'validation_failed',
      errors: { document: 'No file selected' },
    });
    const noType = await upload(user, { content: files.pdf, name: 'a.pdf' }, { institution: 'UOS' });
    expect(noType.body).toMatchObject({ message: 'Please select a document type' });
    const badType = await upload(
      user,
      { content: files.pdf, name: 'a.pdf' },
      { documentType: 'selfie', institution: 'UOS' },
    );
    expect(badType.body).toMatchObject({ message: 'Please select a document type' });
    const noInstitution = await upload(
      user,
      { content: files.pdf, name: 'a.pdf' },
      { documentType: 'passport', institution: '  ' },
    );
    expect(noInstitution.status).toBe(400);
    expect(noInstitution.body).toMatchObject({
      message: 'Please enter your institution name',
      errors: { institution: 'Please enter your institution name' },
    });
  });

  test('Accept-Language ar: the "document received" e-mail is in Arabic and the request keeps it; staff read English', async () => {
    const user = testUser();
    const res = await api()
      .post('/students/verify-document')
      .set(user.headers())
      .set('Accept-Language', 'ar-AE,ar;q=0.9,en;q=0.8')
      .field('documentType', 'emirates_id')
      .field('institution', 'Zayed University')
      .attach('document', files.png, 'id.png');
    expect(res.status).toBe(201);
    expect(await verification.mails(user.email)).toEqual([
      expect.objectContaining({
        template: 'verification-document-received',
        data: { documentType: 'emirates_id' },
        language: 'ar',
      }),
    ]);
    expect(
      await verification.sql('select language from verification_request where user_id = ?', [user.userId]),
    ).toEqual([{ language: 'ar' }]);
    const alerts = (await verification.mails(SUPPORT_EMAIL)).filter((m) =>
      m.data.message.includes(user.email),
    );
    expect(alerts).toEqual([expect.objectContaining({ template: 'staff-alert', language: undefined })]);
    expect(alerts[0].data.message).toContain('Emirates ID');
  });

  test('a file name with a path is kept as a harmless name only', async () => {
    const user = testUser();
    expect((await upload(user, { content: files.pdf, name: '../../etc/x.pdf' })).status).toBe(201);
    const [row] = await documentRows(user);
    expect(row.document_name).toBe('x.pdf');
  });

  test('at most 5 documents wait at once: the sixth → 409', async () => {
    const user = testUser();
    for (let i = 0; i < 5; i += 1)
      expect((await upload(user, { content: files.png, name: `p${i}.png` })).status).toBe(201);
    const res = await upload(user, { content: files.png, name: 'p6.png' });
    expect(res.status).toBe(409);
    expect(await documentRows(user)).toHaveLength(5);
  });

  test('one "document received" e-mail a day: later uploads are stored and reviewed, not mailed (no mail relay)', async () => {
    const user = testUser();
    for (const name of ['front.png', 'back.png'])
      expect((await upload(user, { content: files.png, name })).status).toBe(201);
    expect(await verification.mails(user.email)).toHaveLength(1);
    await verification.sql(
      "update verification_request set created_at = created_at - interval '25 hours' where user_id = ?",
      [user.userId],
    );
    expect((await upload(user, { content: files.png, name: 'again.png' })).status).toBe(201);
    expect(await verification.mails(user.email)).toHaveLength(2);
    expect(await documentRows(user)).toHaveLength(3);
  });
});

describe('the institution the student typed, and the receipt for read-your-writes (issue 13)', () => {
  const statusOf = async (user: TestUser) =>
    (await api().get('/students/verify').set(user.headers())).body as Record<string, unknown>;
  const receiptOf = (res: request.Response) =>
    openVerificationReceipt(INTERNAL_SECRET, res.headers[VERIFICATION_RECEIPT_HEADER] as string);

  test('kept with the request and shown by GET /students/verify; the answer carries the pending change sealed', async () => {
    const user = testUser();
    const res = await upload(user, { content: files.pdf, name: 'letter.pdf' });
    expect(res.status).toBe(201);
    expect(res.body.verification).toMatchObject({ status: 'pending', institution: 'University of Sharjah' });
    const receipt = receiptOf(res);
    expect(receipt).toEqual({ userId: user.userId, status: 'pending', changedAt: expect.any(String) });
    expect(await statusOf(user)).toMatchObject({
      status: 'pending',
      institution: 'University of Sharjah',
      pendingDocuments: 1,
    });
    expect(
      await verification.sql('select institution_name from verification_request where user_id = ?', [
        user.userId,
      ]),
    ).toEqual([{ institution_name: 'University of Sharjah' }]);
  });

  test('a later upload shows its institution; the status was pending already, so there is no receipt', async () => {
    const user = testUser();
    expect((await upload(user, { content: files.pdf, name: 'letter.pdf' })).status).toBe(201);
    const again = await upload(
      user,
      { content: files.png, name: 'card.png' },
      { documentType: 'student_id', institution: '  Zayed University ' },
    );
    expect(again.status).toBe(201);
    expect(again.headers[VERIFICATION_RECEIPT_HEADER]).toBeUndefined();
    expect(await statusOf(user)).toMatchObject({
      status: 'pending',
      institution: 'Zayed University',
      pendingDocuments: 2,
    });
  });

  test('a verified student renewing keeps the verified institution and status until staff decide; no receipt', async () => {
    const user = testUser();
    await verification.sql(
      `insert into student_status (user_id, status, student_email, institution_id, institution_name, personal_email,
         first_name, verified_at, expires_at, changed_at)
       values (?, 'active', null, null, 'Khalifa University', ?, 'Layla', now() - interval '340 days',
         now() + interval '20 days', now() - interval '340 days')`,
      [user.userId, user.email],
    );
    const res = await upload(user, { content: files.pdf, name: 'letter.pdf' });
    expect(res.status).toBe(201);
    expect(res.headers[VERIFICATION_RECEIPT_HEADER]).toBeUndefined();
    expect(await statusOf(user)).toMatchObject({ status: 'active', institution: 'Khalifa University' });
  });
});
