import { startEndlessUpload } from '@tullab/testing';
import request from 'supertest';
import { openVerificationReceipt, VERIFICATION_RECEIPT_HEADER } from '@tullab/events';
import { as, INTERNAL_SECRET, startVerification, SUPPORT_EMAIL, testUser, type TestUser } from './helpers';
import { files, pdfOfSize } from './files';

let verification: Awaited<ReturnType<typeof startVerification>>;
const api = () => request(verification.url);

beforeAll(async () => {
  verification = await startVerification();
});

afterAll(async () => {
  await verification?.close();
});

const upload = (
  user: TestUser,
  file: { content: Buffer; name: string; type?: string } | null,
  fields: Record<string, string> = { documentType: 'student_id', institution: 'University of Sharjah' },
) => {
  const req = api().post('/students/verify-document').set(user.headers());
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (file)
    req.attach('document', file.content, {
      filename: file.name,
      contentType: file.type ?? 'application/octet-stream',
    });
  return req;
};

const documentRows = (user: TestUser) =>
  verification.sql<{ status: string; document_key: string; document_kind: string; document_name: string }>(
    'select status, document_key, document_kind, document_name from verification_request where user_id = ?',
    [user.userId],
  );

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

/** A student ID upload whose file never finishes arriving (a slow or hostile client). */
const endlessUpload = (user: TestUser) =>
  startEndlessUpload({
    url: `${verification.url}/students/verify-document`,
    headers: user.headers(),
    fields: { documentType: 'student_id' },
    file: { field: 'document', filename: 'id.png', contentType: 'image/png', start: files.png },
    announcedBytes: 5 * 1024 * 1024,
  });

describe('uploads cannot exhaust memory', () => {
  test('a student who may not upload is refused before the file is read', async () => {
    const user = testUser();
    for (let i = 0; i < 5; i += 1)
      expect((await upload(user, { content: files.png, name: `p${i}.png` })).status).toBe(201);
    const endless = endlessUpload(user);
    try {
      expect(await endless.response).toEqual({
        status: 409,
        body: {
          message: 'You already have 5 documents waiting for review. Please wait for a decision.',
          code: 'documents_pending_limit',
        },
      });
    } finally {
      endless.abort();
    }
  });

  test('one upload at a time per student: a second while the first still arrives → 429', async () => {
    const user = testUser();
    const first = endlessUpload(user);
    try {
      await waitForSlot(user);
      const second = await upload(user, { content: files.png, name: 'second.png' });
      expect(second.status).toBe(429);
      expect(second.body).toEqual({
        message: 'Another document of yours is still uploading. Please wait for it to finish.',
        code: 'rate_limited',
      });
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      first.abort();
    }
    await waitForSlot(user, false);
    expect((await upload(user, { content: files.png, name: 'third.png' })).status).toBe(201);
  });

  test('at most 10 uploads per student an hour, refused ones included', async () => {
    const user = testUser();
    for (let i = 0; i < 10; i += 1)
      expect((await upload(user, { content: files.gif, name: 'anim.gif' })).status).toBe(415);
    const res = await upload(user, { content: files.png, name: 'fine.png' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too many uploads. Please try again later.', code: 'rate_limited' });
    expect(await documentRows(user)).toEqual([]);
  });
});

/** Waits until the student's upload slot is held (or free, with `held` false). */
async function waitForSlot(user: TestUser, held = true): Promise<void> {
  const key = `${verification.config.QUEUE_PREFIX}:verification:upload-slot:${user.userId}`;
  for (let i = 0; i < 100; i += 1) {
    if (Boolean(await verification.redis.exists(key)) === held) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the upload slot was never ${held ? 'taken' : 'given back'}`);
}

describe('object storage outage', () => {
  test('an upload → 503 and no row points at a missing file', async () => {
    const broken = await startVerification({ S3_ENDPOINT: 'http://127.0.0.1:1' });
    try {
      const user = testUser();
      const res = await request(broken.url)
        .post('/students/verify-document')
        .set(user.headers())
        .field('documentType', 'student_id')
        .field('institution', 'Zayed University')
        .attach('document', files.pdf, 'card.pdf');
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/storage is unavailable/);
      expect(await broken.sql('select id from verification_request')).toEqual([]);
      expect((await request(broken.url).get('/readyz')).status).toBe(503);
    } finally {
      await broken.close();
    }
  });
});
