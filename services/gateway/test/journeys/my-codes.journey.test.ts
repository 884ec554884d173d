import { browserWithOwnAddress, type Browser } from './browsers';
import { ADMIN, startStack, type Stack } from './stack';
import { createOffer as createOfferAs } from './offers';
import { signInStaff } from './staff';
import { signUpStudent, verifyByCode, type SignedUpStudent } from './students';

/**
 * Issue 13 point 2, "My codes" (decision 013), through the gateway: a student's dashboard lists every code they were
 * given, newest first, with the offer's state, and nobody else's.
 */

let stack: Stack;
let admin: Browser;

const newBrowser = () => browserWithOwnAddress(stack.url);

async function activeStudent(): Promise<SignedUpStudent> {
  const signedUp = await signUpStudent(newBrowser());
  await verifyByCode(stack, signedUp);
  return signedUp;
}

const createOffer = (overrides: Record<string, unknown> = {}) => createOfferAs(admin, overrides);

interface MyCodesPage {
  data: Array<{ offerId: string; title: string; code: string | null; state: string; revealedAt: string }>;
  total: number;
  page: number;
  perPage: number;
}

beforeAll(async () => {
  stack = await startStack({ trustProxy: 'loopback' });
  admin = await signInStaff(stack.url, ADMIN);
}, 90_000);

afterAll(async () => {
  await stack?.close();
});

describe('my codes', () => {
  test('a student redeems two offers: both are listed, newest first, paged; another student sees none', async () => {
    const [coffee, books] = await Promise.all([
      createOffer({ title: 'Coffee for students', brandName: 'Bean There', code: 'BEAN-15' }),
      createOffer({ title: 'Books at half price', brandName: 'Page Turner', code: 'PAGES-50' }),
    ]);
    const [{ browser }, other] = await Promise.all([activeStudent(), activeStudent()]);

    expect((await browser.post(`/api/offers/${coffee.id}/redeem`)).body).toEqual({ code: 'BEAN-15' });
    expect((await browser.post(`/api/offers/${books.id}/redeem`)).body).toEqual({ code: 'PAGES-50' });
    // asking again answers the same redemption (decision 012): still two codes
    expect((await browser.post(`/api/offers/${coffee.id}/redeem`)).body).toEqual({ code: 'BEAN-15' });

    const mine = await browser.get('/api/students/me/codes');
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const page: MyCodesPage = mine.body;
    expect(page).toMatchObject({ total: 2, page: 1, perPage: 10 });
    expect(page.data.map(({ offerId, title, code, state }) => ({ offerId, title, code, state }))).toEqual([
      { offerId: books.id, title: 'Books at half price', code: 'PAGES-50', state: 'live' },
      { offerId: coffee.id, title: 'Coffee for students', code: 'BEAN-15', state: 'live' },
    ]);
    expect(Date.parse(page.data[0].revealedAt)).toBeGreaterThanOrEqual(Date.parse(page.data[1].revealedAt));

    const second = await browser.get('/api/students/me/codes?page=2&perPage=1');
    expect(second.body).toMatchObject({ total: 2, page: 2, perPage: 1, data: [{ code: 'BEAN-15' }] });
    const bad = await browser.get('/api/students/me/codes?perPage=500');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['perPage']);

    // the offer's state follows it: staff pause one
    expect((await admin.post(`/api/admin/offers/${coffee.id}/pause`)).status).toBe(200);
    const after: MyCodesPage = (await browser.get('/api/students/me/codes')).body;
    expect(after.data.map(({ code, state }) => ({ code, state }))).toEqual([
      { code: 'PAGES-50', state: 'live' },
      { code: 'BEAN-15', state: 'paused' },
    ]);

    const theirs = await other.browser.get('/api/students/me/codes');
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ data: [], total: 0, page: 1, perPage: 10 });
  });

  test('a visitor → 401, staff → 403', async () => {
    expect((await newBrowser().get('/api/students/me/codes')).status).toBe(401);
    expect((await admin.get('/api/students/me/codes')).status).toBe(403);
  });
});
