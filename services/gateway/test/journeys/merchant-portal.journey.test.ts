import { newStudent } from '../client';
import { ORIGIN } from '../helpers';
import { browserWithOwnAddress, type Browser } from './browsers';
import { eventually } from './eventually';
import { invitationTokenFor, MERCHANT_PASSWORD, signedInMerchant, type ApprovedBrand } from './merchants';
import { ADMIN, startStack, type Stack } from './stack';
import { signInStaff } from './staff';
import { signUpStudent, verifyByCode, type SignedUpStudent } from './students';

/**
 * Issue 16 through the gateway, as a brand lives it (decision 016): its application approved, its contact invited by
 * e-mail sets a password, watches the funnel move as students reveal its code, uploads a pool of codes, a student gets
 * one of them and reports it, and the brand answers the student by e-mail. And a second brand that sees none of it.
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

/** A student verified at the journey's one institution (a `…@cud.ac.ae` address). */
async function activeStudent(): Promise<SignedUpStudent> {
  const signedUp = await signUpStudent(browserWithOwnAddress(stack.url));
  await verifyByCode(stack, signedUp);
  return signedUp;
}

const csvFile = (text: string) => Buffer.from(text, 'utf8');

describe('the merchant portal (issue 16)', () => {
  let brand: ApprovedBrand & { merchant: Browser };
  let other: ApprovedBrand & { merchant: Browser };
  let reporter: SignedUpStudent;
  let reportId: string;

  test('an approved application invites its contact, who sets a password and is signed in as the brand', async () => {
    brand = await signedInMerchant(stack, admin, 'Funnel Falafel');
    const me = await brand.merchant.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ role: 'merchant', brandId: expect.any(String) });
    const offers = await brand.merchant.get('/api/merchant/offers');
    expect(offers.status).toBe(200);
    expect(offers.body).toMatchObject([
      { id: brand.offerId, status: 'live', codeSource: 'own', codesLeft: null, reportsOpen: 0 },
    ]);
    // the brand is not a student and not staff
    expect((await brand.merchant.get('/api/students/profile')).status).toBe(403);
    expect((await brand.merchant.get('/api/admin/offers')).status).toBe(403);
  }, 60_000);

  test('the funnel moves as students open the offer and reveal its code; institutions of a past month are named from 5', async () => {
    const before = await brand.merchant.agent.get('/api/merchant/funnel').query({ offerId: brand.offerId });
    expect(before.status).toBe(200);
    expect(before.body.totals).toMatchObject({ views: 0, reveals: 0, redemptions: 0 });

    const students: SignedUpStudent[] = [];
    for (let i = 0; i < 5; i++) students.push(await activeStudent());
    for (const { browser } of students) {
      const viewed = await browser.post('/api/analytics', {
        eventType: 'offer_click',
        offerId: brand.offerId,
        metadata: JSON.stringify({ brandName: brand.brandName }),
      });
      expect(viewed.status).toBe(202);
      expect((await browser.post(`/api/offers/${brand.offerId}/redeem`)).body).toEqual({ code: brand.code });
    }
    const funnel = await eventually(
      async () =>
        (await brand.merchant.agent.get('/api/merchant/funnel').query({ offerId: brand.offerId })).body,
      // the worker counts views and redemptions a moment after the reveals are stored
      (body) => body.totals?.reveals === 5 && body.totals?.views === 5 && body.totals?.redemptions === 5,
    );
    expect(funnel.totals).toMatchObject({ views: 5, reveals: 5, redemptions: 5 });
    const today = funnel.days.at(-1);
    expect(today).toMatchObject({ views: 5, reveals: 5, redemptions: 5, students: 5 });

    const csv = await brand.merchant.agent.get('/api/merchant/funnel.csv').query({ offerId: brand.offerId });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe(
      'day,views,reveals,code_copies,referral_clicks,redemptions,students,orders,revenue_aed',
    );
    expect(csv.text).toContain(`${today.day},5,5,`);

    // institutions are given per month that has ended (decision 017): the running month is refused; once the reveals
    // are last month's, their one institution is named, with its 5 students
    const running = await brand.merchant.agent
      .get('/api/merchant/institutions')
      .query({ period: today.day.slice(0, 7) });
    expect([running.status, Object.keys(running.body.errors ?? {})]).toEqual([400, ['period']]);
    const offersSql = async <T>(query: string, params: unknown[]) =>
      (await stack.services.offers.deps.orm.em.fork().getConnection().execute(query, params)) as T[];
    // a month's figures are kept once asked: ask once offers knows each student's institution
    await eventually(
      () =>
        offersSql<{ n: number }>(
          `select count(*)::int as n from redemption r join student_institution i on i.user_id = r.user_id
           where r.offer_id = ?`,
          [brand.offerId],
        ),
      ([{ n }]) => n === 5,
    );
    const [{ period }] = await offersSql<{ period: string }>(
      `update redemption set created_at = created_at - interval '1 month' where offer_id = ?
       returning to_char(created_at at time zone 'Asia/Dubai', 'YYYY-MM') as period`,
      [brand.offerId],
    );
    const institutions = (await brand.merchant.agent.get('/api/merchant/institutions').query({ period }))
      .body;
    expect(institutions).toMatchObject({
      period,
      institutions: [{ institution: expect.any(String), students: 5 }],
    });
    expect(institutions.others).toBe(0);
  }, 180_000);

  test('a pool uploaded as CSV is previewed, imported, and the next student gets one of its codes', async () => {
    const upload = (path: string, text: string) =>
      brand.merchant.agent
        .post(`/api/merchant/offers/${brand.offerId}/${path}`)
        .set('Origin', ORIGIN)
        .attach('file', csvFile(text), 'codes.csv');

    const faulty = await upload('pool/preview', 'code\nFALAFEL-1\nFALAFEL-1\nnot a code!\n');
    expect(faulty.status).toBe(200);
    expect(faulty.body).toMatchObject({ valid: 1, duplicates: [{ line: 3, value: 'FALAFEL-1' }] });
    expect(faulty.body.invalid).toHaveLength(1);
    expect((await upload('pool', 'code\nFALAFEL-1\nFALAFEL-1\n')).status).toBe(400);

    const clean = 'code\nFALAFEL-1\nFALAFEL-2\nFALAFEL-3\n';
    expect((await upload('pool/preview', clean)).body).toMatchObject({
      valid: 3,
      sample: ['FALAFEL-1', 'FALAFEL-2', 'FALAFEL-3'],
      invalid: [],
      duplicates: [],
    });
    const imported = await upload('pool', clean);
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ added: 3, codesTotal: 3, codesLeft: 3 });

    reporter = await activeStudent();
    expect((await reporter.browser.post(`/api/offers/${brand.offerId}/redeem`)).body).toEqual({
      code: 'FALAFEL-1',
    });
    const offer = await brand.merchant.get(`/api/merchant/offers/${brand.offerId}`);
    expect(offer.body).toMatchObject({ codeSource: 'pool', codesTotal: 3, codesLeft: 2 });
  }, 60_000);

  test('the brand answers a student report and the student is e-mailed the answer', async () => {
    const reported = await reporter.browser.post(`/api/offers/${brand.offerId}/reports`, {
      reason: 'code-rejected',
      text: 'The till said the code is unknown.',
    });
    expect(reported.status).toBe(201);
    reportId = reported.body.id as string;

    const reports = await brand.merchant.agent.get('/api/merchant/code-reports').query({ status: 'open' });
    expect(reports.status).toBe(200);
    expect(reports.body).toEqual([
      expect.objectContaining({ id: reportId, code: 'FALAFEL-1', reason: 'code-rejected', status: 'open' }),
    ]);
    // no personal data of the student reaches the brand
    expect(JSON.stringify(reports.body)).not.toContain(reporter.student.email);

    const answered = await brand.merchant.post(`/api/merchant/code-reports/${reportId}/answer`, {
      outcome: 'fresh-code',
      message: 'Our tills were updated: here is a new code.',
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'answered', outcome: 'fresh-code' });
    const mail = await stack.smtp.waitFor(
      (m) => m.to.includes(reporter.student.email) && m.subject.includes(brand.brandName),
      15_000,
    );
    expect(mail.text).toContain('Our tills were updated: here is a new code.');
    expect((await reporter.browser.post(`/api/offers/${brand.offerId}/redeem`)).body).toEqual({
      code: 'FALAFEL-2',
    });
  }, 60_000);

  test('a merchant pauses its offer at once: students no longer find it', async () => {
    const paused = await brand.merchant.post(`/api/merchant/offers/${brand.offerId}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id: brand.offerId, status: 'paused' });
    const listed = await eventually(
      async () =>
        ((await reporter.browser.get('/api/offers')).body as Array<{ id: string }>).some(
          (offer) => offer.id === brand.offerId,
        ),
      (found) => !found,
    );
    expect(listed).toBe(false);
  }, 30_000);

  test("another brand can neither read nor change this brand's offers, figures, codes or reports", async () => {
    other = await signedInMerchant(stack, admin, 'Boundary Bakery');
    const { merchant } = other;
    const theirs = (await merchant.get('/api/merchant/offers')).body as Array<{ id: string }>;
    expect(theirs.map((offer) => offer.id)).toEqual([other.offerId]);

    const refused = [
      await merchant.get(`/api/merchant/offers/${brand.offerId}`),
      await merchant.agent.get('/api/merchant/funnel').query({ offerId: brand.offerId }),
      await merchant.agent.get('/api/merchant/funnel.csv').query({ offerId: brand.offerId }),
      await merchant.agent.get('/api/merchant/institutions').query({ offerId: brand.offerId }),
      await merchant.post(`/api/merchant/offers/${brand.offerId}/pause`),
      await merchant.agent
        .post(`/api/merchant/offers/${brand.offerId}/pool`)
        .set('Origin', ORIGIN)
        .attach('file', csvFile('code\nSTOLEN-1\n'), 'codes.csv'),
      await merchant.post(`/api/merchant/code-reports/${reportId}/answer`, {
        outcome: 'answer',
        message: 'Not ours to answer.',
      }),
    ];
    expect(refused.map((res) => res.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect((await merchant.get('/api/merchant/code-reports')).body).toEqual([]);
    // the brand-wide funnel sums its own offers only
    const funnel = await merchant.get('/api/merchant/funnel');
    expect(funnel.body.totals).toMatchObject({ views: 0, reveals: 0, redemptions: 0 });
    // nothing changed for the first brand
    expect((await brand.merchant.get(`/api/merchant/offers/${brand.offerId}`)).body).toMatchObject({
      codesTotal: 3,
    });
  }, 60_000);

  test('an invitation reserves nothing (T24): the same answer for any address, the invited address signs up as a student and the link then ends, the 11th invitation within the hour is 429', async () => {
    const invite = (email: string) =>
      brand.merchant.post('/api/merchant/invitations', { email, firstName: 'Omar', lastName: 'Saleh' });
    const existing = await signUpStudent(browserWithOwnAddress(stack.url));
    const invited = `invited-${existing.id.slice(0, 8)}@brand.example`;
    const answers = [await invite(existing.student.email), await invite(invited)];
    expect(answers.map((res) => res.status)).toEqual([201, 201]);
    expect(Object.keys(answers[0].body)).toEqual(Object.keys(answers[1].body));
    expect(answers.map((res) => res.body.status)).toEqual(['pending', 'pending']);

    const token = await invitationTokenFor(stack, invited);
    const student = browserWithOwnAddress(stack.url);
    expect((await student.post('/api/auth/register', newStudent(invited))).status).toBe(201);
    const refused = await browserWithOwnAddress(stack.url).post('/api/auth/accept-merchant-invitation', {
      token,
      password: MERCHANT_PASSWORD,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('invitation_email_taken');
    expect((await student.get('/api/auth/user')).body.user).toMatchObject({
      email: invited,
      role: 'student',
    });

    for (let i = 0; i < 8; i += 1) expect((await invite(`team-${i}-${invited}`)).status).toBe(201);
    const limited = await invite(`one-too-many-${invited}`);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('too_many_invitations');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);
});
