import { client, setCookies } from '../helpers';
import { eventually } from './eventually';
import { codeFrom } from './mail-code';
import { ADMIN, startStack, SUPPORT_EMAIL, type Stack } from './stack';
import { signInStaff } from './staff';
import { signUpStudent } from './students';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

type Client = ReturnType<typeof client>;

const signedUpStudent = () => signUpStudent(client(stack.url));

let adminBrowser: Client | undefined;

/** The first admin, signed in with their second factor once for this file (a TOTP time-step is accepted once). */
async function signedInAdmin(): Promise<Client> {
  adminBrowser ??= await signInStaff(stack.url, ADMIN);
  return adminBrowser;
}

const statusOf = async (browser: Client) =>
  (await browser.get('/api/auth/user')).body.user?.verification?.status;

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20)]);

function uploadDocument(browser: Client, content = pdf, name = 'enrolment.pdf') {
  return browser.agent
    .post('/api/students/verify-document')
    .set({ Origin: 'http://localhost:8080' })
    .field('documentType', 'enrollment_letter')
    .field('institution', 'University of Sharjah')
    .attach('document', content, name);
}

describe('student e-mail verification, through the gateway', () => {
  test('code journey: the code from the caught e-mail makes the student active at once, with a new session', async () => {
    const { browser, student } = await signedUpStudent();
    expect(await statusOf(browser)).toBe('none');

    const studentEmail = `${student.email.split('@')[0]}@students.cud.ac.ae`;
    const sent = await browser.post('/api/students/verify', {
      email: studentEmail,
      personalEmail: student.email,
      institution: 'students.cud.ac.ae',
      studentId: null,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toContain(studentEmail);
    const mail = await stack.smtp.waitFor((m) => m.to.includes(studentEmail), 15_000);
    expect(mail.subject).toBe('Your Tullab student verification code');
    const code = codeFrom(mail.text);
    // pending with the submitted e-mail once identity has the event (SPEC §4 'Update Verification')
    expect(
      await eventually(
        () => statusOf(browser),
        (s) => s === 'pending',
      ),
    ).toBe('pending');

    const verified = await browser.post('/api/students/verify-otp', {
      email: studentEmail,
      personalEmail: student.email,
      otp: code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email: student.email, verification: { status: 'active' } });
    expect(Object.keys(verified.headers).filter((h) => h.startsWith('x-tullab-'))).toEqual([]);
    const rotated = setCookies(verified).find((c) => c.startsWith('sid='));
    expect(rotated).toMatch(/^sid=[\w-]{43};/);

    // read-your-writes: the very next request, no waiting for the event
    const user = await browser.get('/api/auth/user');
    expect(user.body.user.verification).toMatchObject({ status: 'active' });
    const profile = await browser.post('/api/students/profile', {
      firstName: student.firstName,
      lastName: student.lastName,
      email: student.email,
      phoneNumber: '',
      emailMarketing: true,
      whatsappMarketing: true,
      status: 'pending',
    });
    expect(profile.body.student ?? profile.body).toMatchObject({ status: 'active', studentEmail });
    expect((await browser.get('/api/students/verify')).body).toMatchObject({
      status: 'active',
      studentEmail,
      institution: 'Canadian University Dubai',
    });
  });

  test('the session before verification is ended (S7): the old cookie is signed out', async () => {
    const { browser, student } = await signedUpStudent();
    const login = await client(stack.url).post('/api/auth/login', {
      email: student.email,
      password: student.password,
    });
    const otherDevice = login.headers['set-cookie'] as unknown as string[];
    const studentEmail = `${student.email.split('@')[0]}@cud.ac.ae`;
    await browser.post('/api/students/verify', {
      email: studentEmail,
      personalEmail: student.email,
      studentId: null,
    });
    const code = codeFrom((await stack.smtp.waitFor((m) => m.to.includes(studentEmail), 15_000)).text);
    const verified = await browser.post('/api/students/verify-otp', {
      email: studentEmail,
      personalEmail: student.email,
      otp: code,
    });
    expect(verified.status).toBe(200);
    const stale = client(stack.url);
    const res = await stale.agent.get('/api/auth/user').set(
      'Cookie',
      otherDevice.map((c) => c.split(';')[0]),
    );
    expect(res.status).toBe(401);
  });

  test('an unrecognised domain → 202 and the status table shows it as under review', async () => {
    const { browser, student } = await signedUpStudent();
    const res = await browser.post('/api/students/verify', {
      email: `${student.email.split('@')[0]}@tiny-academy.ae`,
      personalEmail: student.email,
      institution: 'tiny-academy.ae',
      studentId: null,
    });
    expect(res.status).toBe(202);
    expect(res.body.message).toMatch(/verify your enrollment manually/);
    expect(
      await eventually(
        () => statusOf(browser),
        (s) => s === 'unrecognized_domain',
      ),
    ).toBe('unrecognized_domain');
    await stack.smtp.waitFor(
      (m) => m.to.includes(SUPPORT_EMAIL) && /Unrecognised student e-mail/.test(m.subject),
      15_000,
    );
  });

  test('a visitor cannot ask for a code', async () => {
    const res = await client(stack.url).post('/api/students/verify', {
      email: 'x@cud.ac.ae',
      studentId: null,
    });
    expect(res.status).toBe(401);
  });
});

describe('documents and their review, through the gateway', () => {
  test('upload → pending; staff approve → active and an e-mail; the decision is in the audit log', async () => {
    const { browser, student } = await signedUpStudent();
    const uploaded = await uploadDocument(browser);
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.verification.id as string;
    expect(
      await eventually(
        () => statusOf(browser),
        (s) => s === 'pending',
      ),
    ).toBe('pending');
    await stack.smtp.waitFor((m) => m.to.includes(student.email) && /received/i.test(m.subject), 15_000);
    await stack.smtp.waitFor((m) => m.to.includes(SUPPORT_EMAIL) && /New document/.test(m.subject), 15_000);

    const admin = await signedInAdmin();
    const document = await admin.agent.get(`/api/admin/verifications/${id}/document`).buffer(true);
    expect(document.status).toBe(200);
    expect(document.headers['content-disposition']).toBe(`attachment; filename="doc-${id}.pdf"`);
    expect(Buffer.compare(document.body as Buffer, pdf)).toBe(0);

    const approved = await admin.post(`/api/admin/verifications/${id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(
      await eventually(
        () => statusOf(browser),
        (s) => s === 'active',
      ),
    ).toBe('active');
    await stack.smtp.waitFor((m) => m.to.includes(student.email) && /verified/i.test(m.subject), 15_000);
    expect((await admin.post(`/api/admin/verifications/${id}/approve`, {})).status).toBe(409);

    const audit = await admin.get(
      `/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ resourceId: id }))}`,
    );
    expect(audit.body.map((row: { action: string }) => row.action).sort()).toEqual([
      'approve',
      'view-document',
    ]);
  });

  test('read-your-writes (issue 13): the very next GET /api/auth/user after the upload says pending, every time', async () => {
    // the event alone reaches identity a moment later: several students, so a race would show
    for (let round = 0; round < 5; round += 1) {
      const { browser } = await signedUpStudent();
      // the gateway keeps this session as `none` (decision 005); the upload's answer must not leave it so
      expect(await statusOf(browser)).toBe('none');
      const uploaded = await uploadDocument(browser);
      expect(uploaded.status).toBe(201);
      expect(uploaded.body.verification).toMatchObject({
        status: 'pending',
        institution: 'University of Sharjah',
      });
      expect(Object.keys(uploaded.headers).filter((h) => h.startsWith('x-tullab-'))).toEqual([]);
      // pending is not a verification: the session stands (no new sid)
      expect(setCookies(uploaded).filter((c) => c.startsWith('sid='))).toEqual([]);

      const user = await browser.get('/api/auth/user');
      expect({ round, status: user.body.user?.verification?.status }).toEqual({ round, status: 'pending' });
      expect((await browser.get('/api/students/verify')).body).toMatchObject({
        status: 'pending',
        institution: 'University of Sharjah',
        pendingDocuments: 1,
      });
    }
  });

  test('staff reject with a reason → the dashboard status is rejected and the student is e-mailed why', async () => {
    const { browser, student } = await signedUpStudent();
    const id = (await uploadDocument(browser)).body.verification.id as string;
    const admin = await signedInAdmin();
    const reason = 'The letter has no university stamp.';
    expect((await admin.post(`/api/admin/verifications/${id}/reject`, { reason })).status).toBe(200);
    expect(
      await eventually(
        () => statusOf(browser),
        (s) => s === 'rejected',
      ),
    ).toBe('rejected');
    const mail = await stack.smtp.waitFor(
      (m) => m.to.includes(student.email) && /not approved/.test(m.subject),
      15_000,
    );
    expect(mail.text).toContain(reason);
  });

  test('a student or a visitor gets 403/401 on every admin route and cannot read any document', async () => {
    const { browser } = await signedUpStudent();
    const id = (await uploadDocument(browser)).body.verification.id as string;
    const visitor = client(stack.url);
    for (const path of [
      '/api/admin/verifications',
      `/api/admin/verifications/${id}`,
      `/api/admin/verifications/${id}/document`,
      '/api/admin/institutions',
      '/api/admin/audit-log',
    ]) {
      expect((await browser.get(path)).status).toBe(403);
      expect((await visitor.get(path)).status).toBe(401);
    }
    expect((await browser.post(`/api/admin/verifications/${id}/approve`, {})).status).toBe(403);
    expect((await visitor.post(`/api/admin/verifications/${id}/reject`, { reason: 'nope' })).status).toBe(
      401,
    );
  });
});
