import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { PNG, activeStudent, as, createOffer, staff, startOffers, type TestOffers } from './helpers';

let offers: TestOffers;
const api = () => request(offers.url);
const redeem = async (offerId: string, caller: Record<string, string>) => {
  const res = await api().post(`/offers/${offerId}/redeem`).set(caller);
  if (res.status !== 200) throw new Error(`redeem answered ${res.status}: ${res.text}`);
  return res.body as { code?: string; referralLink?: string };
};
const myCodes = (caller: Record<string, string>, query = '') =>
  api().get(`/students/me/codes${query}`).set(caller);

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

describe('GET /students/me/codes by caller', () => {
  test('a visitor → 401, staff and admins → 403; a student of any verification → 200 (none yet)', async () => {
    expect((await myCodes(as(null))).status).toBe(401);
    expect((await myCodes(as('staff', { verificationStatus: 'active' }))).status).toBe(403);
    expect((await myCodes(as('admin'))).status).toBe(403);
    for (const verificationStatus of ['none', 'pending', 'expired', 'active']) {
      const res = await myCodes(as('student', { verificationStatus }));
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({ data: [], total: 0, page: 1, perPage: 10 });
    }
  });
});

describe("GET /students/me/codes: the student's own codes, newest first, a page at a time", () => {
  test('lists each code with its offer, newest first; pages split them; another student sees none', async () => {
    const student = randomUUID();
    const made = [];
    for (const [i, code] of ['FIRST-1', 'SECOND-2', 'THIRD-3'].entries()) {
      const offer = await createOffer(offers, {
        code,
        title: `Offer ${i + 1}`,
        titleAr: i === 1 ? 'العرض الثاني' : null,
        brandName: `Brand ${i + 1}`,
      });
      await redeem(offer.id, activeStudent(student));
      made.push(offer);
    }
    await api()
      .post(`/admin/offers/${made[2].id}/logo`)
      .set(staff())
      .attach('logoFile', PNG, 'logo.png')
      .expect(200);

    const all = await myCodes(activeStudent(student));
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 1, perPage: 10 });
    expect(all.body.data).toEqual([
      {
        id: expect.any(String),
        offerId: made[2].id,
        title: 'Offer 3',
        titleAr: null,
        brandName: 'Brand 3',
        logoUrl: `/api/offers/${made[2].id}/logo?v=1`,
        offerType: 'discount',
        code: 'THIRD-3',
        referralLink: null,
        state: 'live',
        revealedAt: expect.any(String),
      },
      expect.objectContaining({
        offerId: made[1].id,
        titleAr: 'العرض الثاني',
        code: 'SECOND-2',
        logoUrl: null,
      }),
      expect.objectContaining({ offerId: made[0].id, code: 'FIRST-1' }),
    ]);
    const dates = all.body.data.map((row: { revealedAt: string }) => Date.parse(row.revealedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const [stored] = await offers.sql<{ created_at: Date }>(
      'select created_at from redemption where user_id = ? and offer_id = ?',
      [student, made[0].id],
    );
    expect(all.body.data[2].revealedAt).toBe(new Date(stored.created_at).toISOString());

    const first = await myCodes(activeStudent(student), '?page=1&perPage=2');
    expect(first.body).toMatchObject({ total: 3, page: 1, perPage: 2 });
    expect(first.body.data.map((row: { code: string }) => row.code)).toEqual(['THIRD-3', 'SECOND-2']);
    const second = await myCodes(activeStudent(student), '?page=2&perPage=2');
    expect(second.body).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(second.body.data.map((row: { code: string }) => row.code)).toEqual(['FIRST-1']);
    const past = await myCodes(activeStudent(student), '?page=3&perPage=2');
    expect(past.body).toEqual({ data: [], total: 3, page: 3, perPage: 2 });

    const other = await myCodes(activeStudent());
    expect(other.body).toEqual({ data: [], total: 0, page: 1, perPage: 10 });
    expect(other.text).not.toMatch(/FIRST-1|SECOND-2|THIRD-3/);
  });

  test('each code of a pool is a row of its own, the newest first', async () => {
    const offer = await createOffer(offers, { maxRedemptionsPerStudent: 2 });
    await api()
      .post(`/admin/offers/${offer.id}/codes`)
      .set(staff())
      .send({ csv: 'POOL-A\nPOOL-B\nPOOL-C' })
      .expect(200);
    const student = randomUUID();
    await redeem(offer.id, activeStudent(student));
    await redeem(offer.id, activeStudent(student));
    await redeem(offer.id, activeStudent(student));
    const res = await myCodes(activeStudent(student));
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((row: { code: string }) => row.code)).toEqual(['POOL-B', 'POOL-A']);
  });

  test.each([
    ['?page=0', 'page'],
    ['?page=-1', 'page'],
    ['?page=abc', 'page'],
    ['?page=1.5', 'page'],
    ['?page=', 'page'],
    ['?page=1&page=2', 'page'],
    ['?perPage=0', 'perPage'],
    ['?perPage=51', 'perPage'],
    ['?perPage=ten', 'perPage'],
    ['?page=2&perPage=1e2', 'perPage'],
  ])('bad paging %s → 400 naming %s', async (query, field) => {
    const res = await myCodes(activeStudent(), query);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.message).toContain(field);
  });

  test('the largest page size is 50', async () => {
    expect((await myCodes(activeStudent(), '?perPage=50')).body).toMatchObject({ perPage: 50, page: 1 });
  });
});

describe("GET /students/me/codes: the offer's state", () => {
  test('live, paused (paused by staff, or a draft again), expired (past its date, expired, or deleted); the code stays', async () => {
    const student = randomUUID();
    const [live, paused, draft, pastDate, expired, deleted] = await Promise.all(
      ['LIVE', 'PAUSED', 'DRAFT', 'PAST', 'EXPIRED', 'DELETED'].map((code) =>
        createOffer(offers, {
          code: `${code}-CODE`,
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      ),
    );
    for (const offer of [live, paused, draft, pastDate, expired, deleted])
      await redeem(offer.id, activeStudent(student));
    await api().post(`/admin/offers/${paused.id}/pause`).set(staff()).expect(200);
    await api().delete(`/admin/offers/${deleted.id}`).set(staff()).expect(200);
    await offers.sql("update offer set status = 'draft' where id = ?", [draft.id]);
    await offers.sql("update offer set status = 'expired' where id = ?", [expired.id]);
    await offers.sql('update offer set expires_at = ? where id = ?', [
      new Date(Date.now() - 1000),
      pastDate.id,
    ]);

    const res = await myCodes(activeStudent(student));
    const states = Object.fromEntries(
      res.body.data.map((row: { code: string; state: string }) => [row.code, row.state]),
    );
    expect(states).toEqual({
      'LIVE-CODE': 'live',
      'PAUSED-CODE': 'paused',
      'DRAFT-CODE': 'paused',
      'PAST-CODE': 'expired',
      'EXPIRED-CODE': 'expired',
      'DELETED-CODE': 'expired',
    });
  });

  test('a referral offer shows its link while it is live and the student active; never stored, never otherwise', async () => {
    const link = `https://brand.example/ref/${randomUUID()}`;
    const offer = await createOffer(offers, {
      offerType: 'referral',
      discountType: null,
      discountValue: null,
      referralLink: link,
    });
    const student = randomUUID();
    expect(await redeem(offer.id, activeStudent(student))).toEqual({ referralLink: link });
    const row = (caller: Record<string, string>) =>
      myCodes(caller).then((res) => res.body.data[0] as Record<string, unknown>);
    expect(await row(activeStudent(student))).toMatchObject({
      offerType: 'referral',
      code: null,
      referralLink: link,
      state: 'live',
    });
    // a lapsed verification: the row stays, the link waits for the student to verify again
    const lapsed = await row(as('student', { userId: student, verificationStatus: 'expired' }));
    expect(lapsed).toMatchObject({ offerType: 'referral', referralLink: null, state: 'live' });
    await api().post(`/admin/offers/${offer.id}/pause`).set(staff()).expect(200);
    expect(await row(activeStudent(student))).toMatchObject({ referralLink: null, state: 'paused' });
  });

  test("the logo of a paused offer is the redeeming student's to see (not stored by any cache), nobody else's", async () => {
    const offer = await createOffer(offers, { code: 'LOGO-CODE' });
    await api()
      .post(`/admin/offers/${offer.id}/logo`)
      .set(staff())
      .attach('logoFile', PNG, 'logo.png')
      .expect(200);
    const student = randomUUID();
    await redeem(offer.id, activeStudent(student));
    await api().post(`/admin/offers/${offer.id}/pause`).set(staff()).expect(200);
    const { logoUrl } = (await myCodes(activeStudent(student))).body.data[0];
    const path = String(logoUrl).replace(/^\/api/, '');
    const mine = await api()
      .get(path)
      .set(as('student', { userId: student, verificationStatus: 'expired' }));
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await api().get(path).set(activeStudent())).status).toBe(404);
    expect((await api().get(path).set(as(null))).status).toBe(404);
  });
});
