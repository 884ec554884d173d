import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { ORIGIN } from '../helpers';
import { browserWithOwnAddress, type Browser } from './browsers';
import { eventually } from './eventually';
import { ADMIN, startStack, SUPPORT_EMAIL, type Stack } from './stack';
import { createOffer as createOfferAs, type OfferRecord } from './offers';
import { signInStaff } from './staff';
import { signUpStudent, verifyByCode, type SignedUpStudent } from './students';

let stack: Stack;
let admin: Browser;
let visitor: Browser;
/** one student whose verification is `active` and one who only signed up, shared by the file */
let active: SignedUpStudent;
let unverified: SignedUpStudent;

/** Every client has an address of its own (the stack trusts the loopback proxy): per-address limits stay per client. */
const newBrowser = () => browserWithOwnAddress(stack.url);

async function activeStudent(): Promise<SignedUpStudent> {
  const signedUp = await signUpStudent(newBrowser());
  await verifyByCode(stack, signedUp);
  return signedUp;
}

beforeAll(async () => {
  stack = await startStack({ trustProxy: 'loopback' });
  admin = await signInStaff(stack.url, ADMIN);
  visitor = newBrowser();
  [active, unverified] = await Promise.all([activeStudent(), signUpStudent(newBrowser())]);
}, 90_000);

afterAll(async () => {
  await stack?.close();
});

const createOffer = (overrides: Record<string, unknown> = {}) => createOfferAs(admin, overrides);

const referralOffer = (referralLink: string) =>
  createOffer({ offerType: 'referral', discountType: null, discountValue: null, referralLink });

const catalogue = async (): Promise<OfferRecord[]> => (await visitor.get('/api/offers')).body;

const currentUsesOf = async (id: string) =>
  (await catalogue()).find((offer) => offer.id === id)?.currentUses as number;

/**
 * The offer's `currentUses` in `GET /api/offers` once the catalogue has heard the worker's last change (PostgreSQL
 * notifies it after the commit, so a read right after the counters may still show the page before).
 */
const listedUses = (id: string, expected: number) =>
  eventually(
    () => currentUsesOf(id),
    (uses) => uses === expected,
  );

/** The offer's counts summed over its days, as staff see them (`/api/admin/offers/:id/stats`, decision 008). */
async function countersOf(id: string): Promise<Record<string, number>> {
  const res = await admin.get(`/api/admin/offers/${id}/stats`);
  if (res.status !== 200) throw new Error(`stats answered ${res.status}: ${res.text}`);
  const sum: Record<string, number> = {};
  for (const { id: _id, day: _day, ...counts } of res.body as Array<Record<string, number>>) {
    for (const [name, count] of Object.entries(counts)) sum[name] = (sum[name] ?? 0) + count;
  }
  return sum;
}

/** Waits until the worker has applied the events behind `expected` (every count named there, exactly). */
async function drained(id: string, expected: Record<string, number>): Promise<void> {
  const matches = (counters: Record<string, number>) =>
    Object.entries(expected).every(([name, value]) => counters[name] === value);
  expect(await eventually(() => countersOf(id), matches)).toMatchObject(expected);
}

const redeem = (browser: Browser, id: string) => browser.post(`/api/offers/${id}/redeem`);

describe('GET /api/offers through the gateway', () => {
  // First in the file: no tracking event is on its way, so nothing but this test changes the catalogue meanwhile.
  test('has a strong ETag and a must-revalidate policy; the same ETag again → 304 until an offer changes', async () => {
    await createOffer();
    const first = await visitor.get('/api/offers');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{43}"$/);

    const again = await visitor.agent.get('/api/offers').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(etag);

    const added = await createOffer({ title: 'New this week' });
    const changed = await visitor.agent.get('/api/offers').set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.body as OfferRecord[]).map((offer) => offer.id)).toContain(added.id);
  });
});

describe('GET /api/offers/:id through the gateway (decision 007)', () => {
  test("the list carries what cards need; an opened offer adds its modal's texts, never its code", async () => {
    const offer = await createOffer({ code: 'OPENED-SECRET', websiteLink: 'https://opened.example' });
    const listed = (await catalogue()).find((item) => item.id === offer.id);
    expect(listed).toMatchObject({ id: offer.id, title: '20% off everything' });
    expect(listed).not.toHaveProperty('termsAndConditions');
    const opened = await visitor.get(`/api/offers/${offer.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      ...listed,
      websiteLink: 'https://opened.example',
      termsAndConditions: 'Verified students only; one use each.',
      discountRedemptionGuide: [
        { step: 1, instruction: 'Copy the code' },
        { step: 2, instruction: 'Paste it at checkout' },
      ],
    });
    expect(opened.text).not.toContain('OPENED-SECRET');
    expect((await visitor.get(`/api/offers/${randomUUID()}`)).status).toBe(404);
  });
});

describe('codes and referral links stay on the server (S32)', () => {
  test('in every /api/offers* answer to a visitor, an unverified and an active student, they appear only in the active redeem answers', async () => {
    const code = `LEAK-${randomUUID()}`;
    const referralLink = `https://partner.example/students/${randomUUID()}`;
    const discount = await createOffer({ code });
    const referral = await referralOffer(referralLink);
    const callers: Record<string, Browser> = {
      visitor,
      unverified: unverified.browser,
      active: active.browser,
    };
    const answers: { call: string; type: string; text: string }[] = [];
    for (const [who, browser] of Object.entries(callers)) {
      const calls: [string, () => Promise<Response>][] = [
        ['GET /api/offers', () => browser.get('/api/offers')],
      ];
      for (const { id } of [discount, referral]) {
        const path = `/api/offers/${id}`;
        calls.push(
          [`GET ${path}`, () => browser.get(path)],
          [`GET ${path}/logo`, () => browser.get(`${path}/logo`)],
          [`POST ${path}/redeem`, () => browser.post(`${path}/redeem`)],
          [`POST ${path}/copy`, () => browser.post(`${path}/copy`, { studentId: null })],
          [`POST ${path}/referral-click`, () => browser.post(`${path}/referral-click`, { studentId: null })],
        );
      }
      for (const [call, send] of calls) {
        const res = await send();
        answers.push({ call: `${who} ${call} → ${res.status}`, type: res.type, text: res.text });
      }
    }
    expect(answers.filter((answer) => answer.type !== 'application/json')).toEqual([]);
    const holding = (secret: string) =>
      answers.filter((answer) => answer.text.includes(secret)).map((answer) => answer.call);
    expect(holding(code)).toEqual([`active POST /api/offers/${discount.id}/redeem → 200`]);
    expect(holding(referralLink)).toEqual([`active POST /api/offers/${referral.id}/redeem → 200`]);
  });
});

describe('POST /api/offers/:id/redeem, by who asks', () => {
  let discount: OfferRecord;
  let referral: OfferRecord;
  const referralLink = 'https://sahra.example/invite/students';

  beforeAll(async () => {
    // no code of its own and no pool: the one code made for the offer (SPEC §4's shape, decision 012)
    discount = await createOffer({ brandName: 'Sahra Cafe 24' });
    referral = await referralOffer(referralLink);
  });

  test('a visitor → 401, an unverified student and staff → 403, each with a message and no code', async () => {
    for (const offer of [discount, referral]) {
      const anonymous = await redeem(visitor, offer.id);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ message: 'Please sign in to redeem offers', code: 'unauthenticated' });
      for (const browser of [unverified.browser, admin]) {
        const refused = await redeem(browser, offer.id);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({
          message: 'Please verify your student status to redeem offers',
          code: 'not_verified',
        });
      }
    }
  });

  test('an active student gets a discount code, never cached, and the same code when asking again', async () => {
    const first = await redeem(active.browser, discount.id);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toEqual({ code: expect.stringMatching(/^sahracafe24tullab\d\d$/) });
    const again = await redeem(active.browser, discount.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  test('every student of an offer without its own code or pool gets its one code, which staff see to send the merchant', async () => {
    const { generatedCode } = (await admin.get(`/api/admin/offers/${discount.id}`)).body;
    expect(generatedCode).toMatch(/^sahracafe24tullab\d\d$/);
    const other = await activeStudent();
    const answers = await Promise.all([0, 1, 2].map(() => redeem(other.browser, discount.id)));
    expect(answers.map((answer) => answer.body)).toEqual(Array(3).fill({ code: generatedCode }));
    expect((await redeem(active.browser, discount.id)).body).toEqual({ code: generatedCode });
    const history = await admin.get(
      `/api/admin/redemptions?filter=${encodeURIComponent(JSON.stringify({ offerId: discount.id }))}`,
    );
    expect(history.status).toBe(200);
    const rows = history.body as Array<{ userId: string; code: string; sequence: number }>;
    expect(rows.map((row) => [row.code, row.sequence])).toEqual([
      [generatedCode, 1],
      [generatedCode, 1],
    ]);
  });

  test('an active student gets the referral link of a referral offer, and the same again', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await redeem(active.browser, referral.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ referralLink });
    }
  });

  test('an unknown offer, a draft and a malformed id → 404', async () => {
    const draft = await createOffer({ status: 'draft' });
    for (const id of [randomUUID(), draft.id, 'not-an-offer']) {
      const res = await redeem(active.browser, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Offer not found', code: 'not_found' });
    }
  });
});

describe('a pool of unique codes', () => {
  test('20 active students redeem at once: 20 different codes of the pool; then the pool is empty → 409 and staff are told', async () => {
    const offer = await createOffer({ brandName: 'Pool Party' });
    const codes = Array.from({ length: 20 }, (_, i) => `POOL${i}-${randomUUID().slice(0, 8)}`);
    const imported = await admin.post(`/api/admin/offers/${offer.id}/codes`, {
      csv: ['code', ...codes].join('\n'),
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ added: 20, codesTotal: 20, codesLeft: 20 });
    const students = await Promise.all(Array.from({ length: 20 }, () => activeStudent()));

    const answers = await Promise.all(students.map(({ browser }) => redeem(browser, offer.id)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const given = answers.map((answer) => answer.body.code as string);
    expect(new Set(given).size).toBe(20);
    expect([...given].sort()).toEqual([...codes].sort());
    expect((await redeem(students[7].browser, offer.id)).body).toEqual({ code: given[7] });
    expect((await admin.get(`/api/admin/offers/${offer.id}`)).body).toMatchObject({ codesLeft: 0 });

    const late = await redeem(active.browser, offer.id);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      message: 'Sorry, this offer has run out of codes. Please check back soon.',
      code: 'pool_exhausted',
    });
    await stack.smtp.waitFor(
      (mail) => mail.to.includes(SUPPORT_EMAIL) && mail.subject === 'Out of codes: Pool Party',
      15_000,
    );
    await drained(offer.id, { redemptions: 20 });
    expect(await listedUses(offer.id, 20)).toBe(20);
  }, 120_000);
});

describe('tracking through the gateway', () => {
  test("a student counts once a day and once in currentUses however often they copy and click; an unverified account's copy is a student's, not a use; the body cannot name another student (S29)", async () => {
    const offer = await createOffer({ code: 'ONCE20' });
    const other = await activeStudent();
    const track = (browser: Browser, action: 'copy' | 'referral-click') =>
      browser.post(`/api/offers/${offer.id}/${action}`, { studentId: other.id });

    const calls = [
      await track(active.browser, 'copy'),
      await track(active.browser, 'copy'),
      await track(active.browser, 'referral-click'),
    ];
    expect(calls.map((res) => [res.status, res.body])).toEqual(
      Array(3).fill([202, { message: 'Event recorded' }]),
    );
    await drained(offer.id, {
      codeCopiesStudents: 1,
      codeCopiesCalls: 2,
      referralClicksStudents: 1,
      referralClicksCalls: 1,
    });
    expect(await listedUses(offer.id, 1)).toBe(1);

    expect((await track(unverified.browser, 'copy')).status).toBe(202);
    await drained(offer.id, { codeCopiesStudents: 2, codeCopiesCalls: 3 });
    expect(await listedUses(offer.id, 1)).toBe(1);

    expect((await track(other.browser, 'copy')).status).toBe(202);
    await drained(offer.id, { codeCopiesStudents: 3, codeCopiesCalls: 4 });
    expect(await listedUses(offer.id, 2)).toBe(2);
  });
  test('tracking batches isolate bad calls (T28): an offer id too long → 404 and a body of control characters → 400, each alone; the calls beside them → 202, every one counted', async () => {
    const offer = await createOffer({ brandName: 'Batch Neighbours' });
    const copy = (browser: Browser, id = offer.id) => browser.post(`/api/offers/${id}/copy`, {});
    // 1,000 bytes of U+0001: 6,000 once escaped in a batch's JSON, where the gateway used to count 1,000
    const controlCharacters = (browser: Browser) =>
      browser.agent
        .post(`/api/offers/${offer.id}/copy`)
        .set({ Origin: ORIGIN, 'Content-Type': 'application/json' })
        .send('\u0001'.repeat(1000));
    const good = Array.from({ length: 40 }, () => copy(newBrowser()));
    const tooLong = copy(newBrowser(), 'a'.repeat(300));
    const malformed = Array.from({ length: 40 }, () => controlCharacters(newBrowser()));
    const [answers, long, refused] = await Promise.all([Promise.all(good), tooLong, Promise.all(malformed)]);
    expect(long.status).toBe(404);
    expect(long.body).toEqual({ message: 'Offer not found', code: 'not_found' });
    for (const res of refused) expect([res.status, res.body.code]).toEqual([400, 'malformed_body']);
    for (const res of answers) expect([res.status, res.body]).toEqual([202, { message: 'Event recorded' }]);
    await drained(offer.id, { codeCopiesCalls: 40 });
  });
});

describe('POST /api/analytics through the gateway', () => {
  let offer: OfferRecord;
  beforeAll(async () => {
    offer = await createOffer({ brandName: 'Analytics Co' });
  });
  const metadata = JSON.stringify({ brandName: 'Analytics Co' });

  test.each([
    [
      'an unknown eventType',
      400,
      () => ({ eventType: 'purchase', offerId: offer.id, metadata }),
      { eventType: 'eventType must be offer_click or link_copy' },
    ],
    [
      'metadata over 512 bytes',
      400,
      () => ({
        eventType: 'offer_click',
        offerId: offer.id,
        metadata: JSON.stringify({ brandName: 'x'.repeat(500) }),
      }),
      { metadata: 'metadata must be at most 512 bytes' },
    ],
    [
      'a 2 kB body',
      413,
      () => ({ eventType: 'offer_click', offerId: offer.id, metadata, note: 'x'.repeat(2048) }),
      undefined,
    ],
  ])('%s → %i with a message', async (_label, status, body, errors) => {
    const res = await newBrowser().post('/api/analytics', body());
    expect(res.status).toBe(status);
    const message = errors ? Object.values(errors)[0] : 'Request body is too large';
    expect(res.body).toEqual(
      errors ? { message, code: 'validation_failed', errors } : { message, code: 'payload_too_large' },
    );
  });

  test('valid events → 202, counted once the worker has them; the refused ones above are not', async () => {
    const res = await newBrowser().post('/api/analytics', {
      eventType: 'offer_click',
      offerId: offer.id,
      metadata,
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: 'Event recorded' });
    const shared = await newBrowser().post('/api/analytics', {
      eventType: 'link_copy',
      offerId: offer.id,
      metadata,
    });
    expect(shared.status).toBe(202);
    await drained(offer.id, { viewsVisitors: 1, viewsCalls: 1, linkCopiesVisitors: 1, linkCopiesCalls: 1 });
  });
});

/** A 1 × 1 PNG, the applicant's logo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('merchant applications, multipart through the gateway', () => {
  /** The /for-merchants form, complete and valid; `undefined` leaves a field out. */
  function form(overrides: Record<string, string | undefined> = {}): Record<string, string> {
    const fields: Record<string, string | undefined> = {
      brandName: 'Falaj Coffee',
      brandCategory: 'other',
      businessDescription: 'Third-wave coffee from Al Ain.',
      generalInfo: '',
      offerType: 'discount',
      discountCode: 'FALAJ15',
      discountType: 'percentage',
      discountValue: '15',
      referralLink: '',
      hasExpiry: 'false',
      expiryDate: '',
      websiteLink: 'https://falaj.example',
      discountRedemptionGuide: JSON.stringify([
        { id: 'a', step: 1, instruction: 'Show the code at the counter' },
        { id: 'b', step: 2, instruction: 'Enjoy your coffee' },
      ]),
      termsAndConditions: 'One drink per visit, students only.',
      contactEmail: 'owner@falaj.example',
      contactName: 'Mariam Al Ali',
      contactPhone: '+971 50 123 4567',
      ...overrides,
    };
    return Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
  }

  /** Submits as a visitor from an address of its own (applications are limited per address). */
  function apply(fields: Record<string, string>, withLogo = true) {
    const req = newBrowser().agent.post('/api/merchant-applications').set('Origin', ORIGIN);
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    return withLogo ? req.attach('logoFile', PNG, 'logo.png') : req;
  }

  const required = 'Please fill in all required fields';
  const requiredForType = 'Please fill in all required fields for your selected offer type';
  test.each([
    ['no logo', {}, false, 'logoFile', 'Logo picture is required'],
    [
      'a one-letter brand name',
      { brandName: 'F' },
      true,
      'brandName',
      'Brand name must be at least 2 characters',
    ],
    ['no category', { brandCategory: '' }, true, 'brandCategory', 'Please select a category'],
    [
      'a short description',
      { businessDescription: 'Coffee' },
      true,
      'businessDescription',
      'Business description must be at least 10 characters',
    ],
    ['no offer type', { offerType: undefined }, true, 'offerType', 'Please select an offer type'],
    [
      'a bad website',
      { websiteLink: 'falaj dot com' },
      true,
      'websiteLink',
      'Please enter a valid website URL',
    ],
    [
      'no redemption step',
      { discountRedemptionGuide: '[]' },
      true,
      'discountRedemptionGuide',
      'At least one redemption step is required',
    ],
    [
      'an empty step',
      { discountRedemptionGuide: JSON.stringify([{ id: 'a', step: 1, instruction: ' ' }]) },
      true,
      'discountRedemptionGuide.0.instruction',
      'Each redemption step needs an instruction',
    ],
    [
      'short terms',
      { termsAndConditions: 'Students' },
      true,
      'termsAndConditions',
      'Please provide terms and conditions',
    ],
    [
      'a bad contact e-mail',
      { contactEmail: 'owner@' },
      true,
      'contactEmail',
      'Please enter a valid email address',
    ],
    [
      'a one-letter contact name',
      { contactName: 'M' },
      true,
      'contactName',
      'Contact name must be at least 2 characters',
    ],
    ['a discount without value', { discountValue: '' }, true, 'discountValue', required],
    ['an expiry without date', { hasExpiry: 'true' }, true, 'expiryDate', required],
    ['a discount without code', { discountCode: '' }, true, 'discountCode', requiredForType],
    [
      'a referral without link',
      { offerType: 'referral', referralLink: '' },
      true,
      'referralLink',
      requiredForType,
    ],
  ])(
    '%s → 400 with the SPEC §5 message on its field',
    async (_label, overrides, withLogo, field, message) => {
      const res = await apply(form(overrides), withLogo);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message, code: 'validation_failed', errors: { [field]: message } });
    },
  );

  test('a valid application → 201 and a "received" e-mail; staff approve it live → listed with its logo, the applicant is told', async () => {
    const contactEmail = `owner-${randomUUID()}@falaj.example`;
    const discountCode = `FALAJ-${randomUUID().slice(0, 8)}`;
    const submitted = await apply(form({ contactEmail, discountCode }));
    expect(submitted.status).toBe(201);
    expect(submitted.body).toEqual({
      id: expect.any(String),
      message: 'Thank you! We have received your application and will be in touch soon.',
    });
    await stack.smtp.waitFor(
      (mail) =>
        mail.to.includes(contactEmail) && mail.subject === 'We received your Tullab merchant application',
      15_000,
    );

    const approved = await admin.post(`/api/admin/merchant-applications/${submitted.body.id}/approve`, {
      status: 'live',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', offerId: expect.any(String) });
    const listing = await visitor.get('/api/offers');
    const offer = (listing.body as OfferRecord[]).find((item) => item.id === approved.body.offerId);
    expect(offer).toMatchObject({ brandName: 'Falaj Coffee', discountType: 'percentage', discountValue: 15 });
    expect(listing.text).not.toContain(discountCode);
    const logo = await visitor.agent.get(offer!.logoUrl as string);
    expect(logo.status).toBe(200);
    expect(logo.type).toBe('image/png');
    expect(Buffer.compare(logo.body as Buffer, PNG)).toBe(0);
    await stack.smtp.waitFor(
      (mail) =>
        mail.to.includes(contactEmail) && mail.subject === 'Your Tullab merchant application is approved',
      15_000,
    );
    expect((await redeem(active.browser, offer!.id)).body).toEqual({ code: discountCode });
  });

  test('the staff API: a student → 403, a visitor → 401', async () => {
    for (const path of ['/api/admin/offers', '/api/admin/merchant-applications']) {
      expect((await unverified.browser.get(path)).status).toBe(403);
      expect((await active.browser.get(path)).status).toBe(403);
      expect((await visitor.get(path)).status).toBe(401);
    }
    expect((await active.browser.post('/api/admin/offers', { title: 'Free everything' })).status).toBe(403);
  });
});
