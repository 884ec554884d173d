import { ORIGIN } from '../helpers';
import { browserWithOwnAddress, type Browser } from './browsers';
import { ADMIN, startStack, type Stack } from './stack';
import { signInStaff } from './staff';
import { signUpStudent, verifyByCode } from './students';

/**
 * Issue 13 point 4 through the gateway: a student reveals a pool code, reports that it did not work (in Arabic), staff
 * find the report in the console's queue and hand a fresh code; the student gets the mail in Arabic and the fresh code
 * on their next reveal.
 */
let stack: Stack;
let admin: Browser;

beforeAll(async () => {
  stack = await startStack({ trustProxy: 'loopback' });
  admin = await signInStaff(stack.url, ADMIN);
}, 90_000);

afterAll(async () => {
  await stack?.close();
});

test('report → staff fresh code → the student is e-mailed the outcome and reveals the new code', async () => {
  const created = await admin.post('/api/admin/offers', {
    title: '15% off coffee',
    brandName: 'Report Roasters',
    businessDescription: 'A cafe that exists only in this journey.',
    businessCategory: 'fashion',
    offerType: 'discount',
    discountType: 'percentage',
    discountValue: 15,
    discountRedemptionGuide: [{ instruction: 'Show the code at the till' }],
    termsAndConditions: 'Verified students only.',
    status: 'live',
  });
  expect(created.status).toBe(201);
  const offerId = created.body.id as string;
  expect(
    (await admin.post(`/api/admin/offers/${offerId}/codes`, { csv: 'ROAST-1\nROAST-2\nROAST-3' })).status,
  ).toBe(200);

  const signedUp = await signUpStudent(browserWithOwnAddress(stack.url));
  await verifyByCode(stack, signedUp);
  const { browser, student } = signedUp;

  // nothing to report before a code was revealed
  const early = await browser.agent
    .post(`/api/offers/${offerId}/reports`)
    .set('Origin', ORIGIN)
    .send({ reason: 'code-rejected' });
  expect(early.status).toBe(404);
  expect((await browser.post(`/api/offers/${offerId}/redeem`)).body).toEqual({ code: 'ROAST-1' });

  const reported = await browser.agent
    .post(`/api/offers/${offerId}/reports`)
    .set('Origin', ORIGIN)
    .set('Accept-Language', 'ar')
    .send({ reason: 'code-rejected', text: 'The till said the code is invalid.' });
  expect(reported.status).toBe(201);

  // the queue, the counts and the offer's record
  const queue = await admin.agent.get('/api/admin/code-reports').query({
    filter: JSON.stringify({ status: ['open'], offerId }),
  });
  expect(queue.status).toBe(200);
  expect(queue.headers['content-range']).toBe('code-reports 0-0/1');
  expect(queue.body[0]).toMatchObject({
    id: reported.body.id,
    code: 'ROAST-1',
    reason: 'code-rejected',
    reporterEmail: student.email,
    reporterFirstName: student.firstName,
    language: 'ar',
  });
  expect((await admin.get('/api/admin/code-reports/summary')).body.open).toBe(1);
  expect((await admin.get(`/api/admin/offers/${offerId}`)).body).toMatchObject({ reportsOpen: 1 });
  // a student cannot read the queue
  expect((await browser.get('/api/admin/code-reports')).status).toBe(403);

  const decided = await admin.post(`/api/admin/code-reports/${reported.body.id}/decision`, {
    outcome: 'fresh-code',
    message: 'Sorry about that: here is a new code.',
  });
  expect(decided.status).toBe(200);
  expect(decided.body).toMatchObject({ status: 'answered', outcome: 'fresh-code', freshCode: 'ROAST-2' });

  const mail = await stack.smtp.waitFor(
    (m) => m.to.includes(student.email) && m.subject.includes('Report Roasters'),
    15_000,
  );
  expect(mail.subject).toBe('بخصوص كود Report Roasters الذي أبلغت عنه');
  expect(mail.text).toContain('منحناك كوداً جديداً لهذا العرض');
  expect(mail.text).toContain('> Sorry about that: here is a new code.');
  // the code itself is not in the mail: the student reveals it on Tullab
  expect(mail.text).not.toContain('ROAST-2');

  expect((await browser.post(`/api/offers/${offerId}/redeem`)).body).toEqual({ code: 'ROAST-2' });
  expect((await admin.get('/api/admin/code-reports/summary')).body.open).toBe(0);
  const audit = await admin.agent
    .get('/api/admin/offer-audit-log')
    .query({ filter: JSON.stringify({ resourceId: reported.body.id }) });
  expect(audit.body).toMatchObject([{ action: 'decide-fresh-code', resource: 'code-reports' }]);
});
