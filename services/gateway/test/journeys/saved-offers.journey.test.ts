import * as offers from '@tullab/offers';
import { newStudent, ORIGIN } from '../helpers';
import { browserWithOwnAddress, type Browser } from './browsers';
import { eventually } from './eventually';
import { ADMIN, startStack, type Stack } from './stack';
import { signInStaff } from './staff';
import { signUpStudent } from './students';

/**
 * Issue 13 point 3 (decision 014) through the gateway: a student saves, lists and removes offers; when a saved offer
 * ends within three days, offers' scheduled job announces it once, identity asks for a mail only for a student who
 * agreed to offer e-mails, in their language, and notifications sends it.
 */

let stack: Stack;
let admin: Browser;
const DAY = 24 * 3600_000;
const newBrowser = () => browserWithOwnAddress(stack.url);

beforeAll(async () => {
  stack = await startStack({ trustProxy: 'loopback' });
  admin = await signInStaff(stack.url, ADMIN);
}, 90_000);

afterAll(async () => {
  await stack?.close();
});

async function createOffer(overrides: Record<string, unknown> = {}): Promise<{ id: string }> {
  const res = await admin.post('/api/admin/offers', {
    title: '30% off sneakers',
    titleAr: 'خصم 30% على الأحذية الرياضية',
    brandName: 'Kicks',
    businessDescription: 'Sneakers for students.',
    businessCategory: 'fashion',
    offerType: 'discount',
    discountType: 'percentage',
    discountValue: 30,
    discountRedemptionGuide: [{ instruction: 'Copy the code' }],
    termsAndConditions: 'Verified students only.',
    status: 'live',
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`offer not created: ${res.status} ${res.text}`);
  return res.body as { id: string };
}

const savedOf = async (browser: Browser) => {
  const res = await browser.get('/api/students/me/saved');
  expect(res.status).toBe(200);
  return res.body.offerIds as string[];
};

/** Runs offers' hourly job now, as its scheduler would. */
async function runEndingJob() {
  const task = offers.spec.schedules!(stack.services.offers.deps).find(
    (t) => t.name === 'saved-offers-ending',
  );
  await task!.run(stack.services.offers.deps.log);
}

const processedEndings = async () => {
  const rows = await stack.services.identity.deps.orm.em
    .fork()
    .getConnection()
    .execute<{ count: string }[]>("select count(*) from processed_event where name = 'saved-offer.ending'");
  return Number(rows[0].count);
};

test('save → list → unsave, for a student; a visitor is asked to sign in', async () => {
  const offer = await createOffer();
  const { browser } = await signUpStudent(newBrowser());
  expect((await browser.put(`/api/offers/${offer.id}/save`, {})).status).toBe(204);
  expect((await browser.put(`/api/offers/${offer.id}/save`, {})).status).toBe(204);
  expect(await savedOf(browser)).toEqual([offer.id]);
  expect((await browser.agent.delete(`/api/offers/${offer.id}/save`).set('Origin', ORIGIN)).status).toBe(204);
  expect(await savedOf(browser)).toEqual([]);

  const visitor = newBrowser();
  expect((await visitor.put(`/api/offers/${offer.id}/save`, {})).status).toBe(401);
  expect((await visitor.get('/api/students/me/saved')).status).toBe(401);
});

test('a saved offer ending in 2 days: one mail, in Arabic, to the student who agreed; none to one who did not', async () => {
  const offer = await createOffer({ expiresAt: new Date(Date.now() + 2 * DAY).toISOString() });
  const consenting = await signUpStudent(newBrowser());
  expect((await consenting.browser.put('/api/auth/user/language', { language: 'ar' })).status).toBe(200);
  const declining = newBrowser();
  const declined = { ...newStudent(), emailMarketing: false };
  expect((await declining.post('/api/auth/register', declined)).status).toBe(201);
  for (const browser of [consenting.browser, declining])
    expect((await browser.put(`/api/offers/${offer.id}/save`, {})).status).toBe(204);

  const before = await processedEndings();
  await runEndingJob();
  await runEndingJob();
  const mail = await stack.smtp.waitFor((m) => m.to.includes(consenting.student.email), 15_000);
  expect(mail.subject).toBe('عرض Kicks الذي حفظته ينتهي قريباً');
  expect(mail.text).toContain('«خصم 30% على الأحذية الرياضية»');
  expect(mail.text).toContain(`/?offer=${offer.id}`);
  // both events were handled by identity, and only one mail was asked for
  expect(await eventually(processedEndings, (n) => n >= before + 2)).toBe(before + 2);
  await runEndingJob();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const to = (email: string) => stack.smtp.messages.filter((m) => m.to.includes(email));
  expect(to(consenting.student.email).filter((m) => m.subject === mail.subject)).toHaveLength(1);
  expect(to(declined.email).filter((m) => /Kicks/.test(m.subject))).toEqual([]);
});
