import { ObjectStore } from '@tullab/storage';
import { s3EnvOf } from '@tullab/testing';
import { client } from '../helpers';
import { eventually } from './eventually';
import { ADMIN, startStack, type Stack } from './stack';
import { signInStaff } from './staff';
import { signUpStudent } from './students';

let stack: Stack;
let adminBrowser: ReturnType<typeof client> | undefined;
/** The first admin, signed in once for this file (a TOTP time-step is accepted once). */
const signedInAdmin = async () => (adminBrowser ??= await signInStaff(stack.url, ADMIN));
/** the documents bucket, read apart from the services */
let bucket: ObjectStore;

beforeAll(async () => {
  stack = await startStack();
  bucket = new ObjectStore(s3EnvOf(stack.s3), stack.services.verification.deps.config.DOCUMENT_BUCKET);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024, 0x20)]);

const keys = async () => (await bucket.list('docs/')).map((object) => object.key);

/** As if the decision had been taken `days` days ago (the stack runs with the default 30-day period). */
async function decidedDaysAgo(id: string, days: number) {
  await stack.services.verification.deps.orm.em
    .fork()
    .getConnection()
    .execute(
      `update verification_request set decided_at = decided_at - make_interval(days => ?) where id = ?`,
      [days, id],
    );
}

describe('retention, through the gateway', () => {
  test('a document decided more than 30 days ago leaves the bucket when staff run the policy; its decision stays and the console is told why', async () => {
    const { browser } = await signUpStudent(client(stack.url));
    const before = await keys();
    const uploaded = await browser.agent
      .post('/api/students/verify-document')
      .set({ Origin: 'http://localhost:8080' })
      .field('documentType', 'enrollment_letter')
      .field('institution', 'University of Sharjah')
      .attach('document', pdf, 'enrolment.pdf');
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.verification.id as string;
    const [key] = (await keys()).filter((k) => !before.includes(k));
    expect(key).toMatch(/^docs\/[0-9a-f-]{36}$/);

    const staff = await signedInAdmin();
    expect((await staff.post(`/api/admin/verifications/${id}/approve`, {})).status).toBe(200);
    expect((await staff.get(`/api/admin/verifications/${id}/document`)).status).toBe(200);

    // within the window a run leaves it
    const policy = await staff.get('/api/admin/retention/documents');
    expect(policy.status).toBe(200);
    expect(policy.body).toMatchObject({ id: 'documents', days: 30, since: 'after the decision' });
    const early = await staff.post('/api/admin/retention/documents/run', {});
    expect(early.status).toBe(200);
    expect(early.body.lastRun).toMatchObject({ trigger: 'staff', removed: 0 });
    expect(await keys()).toContain(key);

    // past it, the file goes
    await decidedDaysAgo(id, 31);
    const ran = await staff.post('/api/admin/retention/documents/run', {});
    expect(ran.status).toBe(200);
    expect(ran.body.lastRun).toMatchObject({ trigger: 'staff', removed: 1, complete: true });
    expect(ran.body.lastRemoval).toEqual(ran.body.lastRun);
    expect(await keys()).not.toContain(key);

    const document = await staff.get(`/api/admin/verifications/${id}/document`);
    expect(document.status).toBe(410);
    expect(document.body.message).toMatch(
      /^The file of this document was deleted on .+ under the retention policy$/,
    );
    const record = await staff.get(`/api/admin/verifications/${id}`);
    expect(record.body).toMatchObject({ status: 'approved', hasDocument: true });
    expect(new Date(record.body.documentDeletedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // the student is still verified
    const status = () => browser.get('/api/auth/user').then((res) => res.body.user?.verification?.status);
    expect(await eventually(status, (s) => s === 'active')).toBe('active');

    const audit = await staff.get(
      `/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ resourceId: id }))}`,
    );
    const actions = (audit.body as Array<{ action: string; actorRole: string }>).map(
      (row) => `${row.action} by ${row.actorRole}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'approve by admin',
        'view-document by admin',
        'delete-document-file by system',
      ]),
    );
    expect(actions.filter((a) => a.startsWith('delete-document-file'))).toHaveLength(1);
  });

  test('the mail and contact policies answer through the gateway with their periods; a student is refused', async () => {
    const staff = await signedInAdmin();
    const mail = await staff.get('/api/admin/retention/mail-bodies');
    expect(mail.status).toBe(200);
    expect(mail.body).toMatchObject({ id: 'mail-bodies', days: 30 });
    const contact = await staff.get('/api/admin/retention/contact-messages');
    expect(contact.body).toMatchObject({ id: 'contact-messages', days: 180 });
    const { browser } = await signUpStudent(client(stack.url));
    expect((await browser.post('/api/admin/retention/documents/run', {})).status).toBe(403);
  });
});
