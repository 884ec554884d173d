import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import type { Browser } from './browsers';
import type { OfferRecord } from './offers';
import { offersJourney } from './offers-journey';
import { SUPPORT_EMAIL } from './stack';

const {
  stack,
  admin,
  visitor,
  active,
  unverified,
  activeStudent,
  createOffer,
  referralOffer,
  catalogue,
  listedUses,
  drained,
  redeem,
} = offersJourney();

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
