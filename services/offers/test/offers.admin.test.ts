import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startedForTests } from '@tullab/testing';
import { logoStore } from '../src/modules/logos/store';
import { PNG, activeStudent, as, createOffer, offerForm, staff, startOffers } from './helpers';

const offers = startedForTests(startOffers);
const api = () => request(offers.url);

describe('/admin/offers is for staff', () => {
  test('every route: a visitor → 401, a student → 403, and nothing changes', async () => {
    const offer = await createOffer(offers, { title: 'Untouched offer' });
    const id = offer.id;
    const calls = [
      (caller: Record<string, string>) => api().get('/admin/offers').set(caller),
      (caller: Record<string, string>) => api().get(`/admin/offers/${id}`).set(caller),
      (caller: Record<string, string>) => api().post('/admin/offers').set(caller).send(offerForm()),
      (caller: Record<string, string>) =>
        api()
          .put(`/admin/offers/${id}`)
          .set(caller)
          .send(offerForm({ title: 'Hijacked' })),
      (caller: Record<string, string>) => api().delete(`/admin/offers/${id}`).set(caller),
      (caller: Record<string, string>) => api().post(`/admin/offers/${id}/pause`).set(caller),
      (caller: Record<string, string>) => api().post(`/admin/offers/${id}/resume`).set(caller),
      (caller: Record<string, string>) =>
        api().post(`/admin/offers/${id}/logo`).set(caller).attach('logoFile', PNG, 'a.png'),
      (caller: Record<string, string>) =>
        api().post(`/admin/offers/${id}/codes`).set(caller).send({ csv: 'HIJACK' }),
      (caller: Record<string, string>) => api().get(`/admin/offers/${id}/stats`).set(caller),
    ];
    for (const call of calls) {
      expect((await call(as(null))).status).toBe(401);
      expect((await call(activeStudent())).status).toBe(403);
    }
    const record = await api().get(`/admin/offers/${id}`).set(staff());
    expect(record.body).toMatchObject({
      title: 'Untouched offer',
      status: 'live',
      codesTotal: 0,
      logoUrl: null,
    });
  });
});

describe('GET /admin/offers', () => {
  test('paginates, sorts and filters on the server with Content-Range; records carry the code and pool state', async () => {
    const brand = `Filter ${randomUUID().slice(0, 8)}`;
    for (const [title, status] of [
      ['Alpha', 'live'],
      ['Bravo', 'draft'],
      ['Charlie', 'live'],
    ])
      await createOffer(offers, { title, brandName: brand, status, code: `CODE-${title}` });
    const res = await api()
      .get('/admin/offers')
      .query({
        filter: JSON.stringify({ q: brand, status: ['live'] }),
        sort: JSON.stringify(['title', 'DESC']),
        range: '[0,0]',
      })
      .set(staff());
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('offers 0-0/2');
    expect(res.body).toEqual([
      expect.objectContaining({
        title: 'Charlie',
        status: 'live',
        code: 'CODE-Charlie',
        referralLink: null,
        codesTotal: 0,
        codesLeft: 0,
        lowPool: false,
        maxRedemptionsPerStudent: 1,
      }),
    ]);
    const bad = await api().get('/admin/offers').query({ sort: '["code","ASC"]' }).set(staff());
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Invalid sort: cannot sort by "code"', code: 'invalid_request' });
  });
});

describe('POST and PUT /admin/offers', () => {
  test('invalid input → 400 naming the fields; the offer-type rules of SPEC §5 apply', async () => {
    const res = await api()
      .post('/admin/offers')
      .set(staff())
      .send(offerForm({ title: 'X', businessCategory: 'all', discountValue: null }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Title must be at least 2 characters',
      code: 'validation_failed',
      errors: {
        title: 'Title must be at least 2 characters',
        businessCategory: 'Please select a category',
      },
      keys: { title: 'offerRules:titleTooShort', businessCategory: 'offerRules:category' },
    });
    const noValue = await api()
      .post('/admin/offers')
      .set(staff())
      .send(offerForm({ discountValue: null }));
    expect(noValue.body.errors).toEqual({ discountValue: 'Please fill in all required fields' });
    const referral = await api()
      .post('/admin/offers')
      .set(staff())
      .send(offerForm({ offerType: 'referral' }));
    expect(referral.body.errors).toEqual({
      referralLink: 'Please fill in all required fields for your selected offer type',
    });
    const tooMuch = await api()
      .post('/admin/offers')
      .set(staff())
      .send(offerForm({ discountValue: 120 }));
    expect(tooMuch.body.errors).toEqual({ discountValue: 'A percentage discount is at most 100' });
  });

  test('server-set fields in the body are ignored (S29); a referral keeps no discount', async () => {
    const res = await api()
      .post('/admin/offers')
      .set(staff())
      .send({
        ...offerForm({ offerType: 'referral', referralLink: 'https://partner.example/r' }),
        id: '00000000-0000-4000-8000-000000000000',
        currentUses: 999,
        logoKey: 'applications/other.png',
        merchantApplicationId: randomUUID(),
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      currentUses: 0,
      logoUrl: null,
      merchantApplicationId: null,
      discountType: null,
      discountValue: null,
      referralLink: 'https://partner.example/r',
    });
    expect(res.body.id).not.toBe('00000000-0000-4000-8000-000000000000');
  });

  test('an offer’s code is made once, from its brand, and kept: neither the body nor a new brand name changes it (decision 012)', async () => {
    const created = await api()
      .post('/admin/offers')
      .set(staff())
      .send({ ...offerForm({ brandName: 'Made Once Co.' }), generatedCode: 'CHOSEN-BY-CLIENT' });
    expect(created.status).toBe(201);
    const { id, generatedCode } = created.body;
    expect(generatedCode).toMatch(/^madeoncecotullab[1-9]\d$/);
    const renamed = await api()
      .put(`/admin/offers/${id}`)
      .set(staff())
      .send({ ...offerForm({ brandName: 'Renamed Brand' }), generatedCode: 'CHOSEN-BY-CLIENT' });
    expect(renamed.body).toMatchObject({ brandName: 'Renamed Brand', generatedCode });
    expect((await api().get(`/admin/offers/${id}`).set(staff())).body.generatedCode).toBe(generatedCode);
  });

  test('PUT replaces the editable fields but not the status', async () => {
    const offer = await createOffer(offers, { status: 'draft' });
    const res = await api()
      .put(`/admin/offers/${offer.id}`)
      .set(staff())
      .send(offerForm({ title: 'Renamed offer', discountType: 'fixed', discountValue: 35, status: 'live' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Renamed offer',
      discountType: 'fixed',
      discountValue: 35,
      status: 'draft',
    });
    expect((await api().put(`/admin/offers/${randomUUID()}`).set(staff()).send(offerForm())).status).toBe(
      404,
    );
  });
});

describe('POST /admin/offers/:id/logo', () => {
  test('a new logo gets a new version (URL) and the old object is removed', async () => {
    const offer = await createOffer(offers);
    const first = await api()
      .post(`/admin/offers/${offer.id}/logo`)
      .set(staff())
      .attach('logoFile', PNG, 'a.png');
    const [{ logo_key: firstKey }] = await offers.sql<{ logo_key: string }>(
      'select logo_key from offer where id = ?',
      [offer.id],
    );
    const second = await api()
      .post(`/admin/offers/${offer.id}/logo`)
      .set(staff())
      .attach('logoFile', PNG, 'b.png');
    expect(first.body.logoUrl).toBe(`/api/offers/${offer.id}/logo?v=1`);
    expect(second.body.logoUrl).toBe(`/api/offers/${offer.id}/logo?v=2`);
    expect(await logoStore(offers.config).get(firstKey)).toBeNull();
    const stale = await api().get(`/offers/${offer.id}/logo?v=1`).set(as(null));
    expect(stale.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  test('no file → 400, a wrong kind → 415, over 2 MB → 413', async () => {
    const offer = await createOffer(offers);
    const none = await api().post(`/admin/offers/${offer.id}/logo`).set(staff()).field('title', 'no file');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      message: 'Please choose a logo file',
      code: 'validation_failed',
      errors: { logoFile: 'Please choose a logo file' },
    });
    const pdf = await api()
      .post(`/admin/offers/${offer.id}/logo`)
      .set(staff())
      .attach('logoFile', Buffer.from('%PDF-1.7 nothing'), 'logo.pdf');
    expect(pdf.status).toBe(415);
    const big = await api()
      .post(`/admin/offers/${offer.id}/logo`)
      .set(staff())
      .attach('logoFile', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'big.png');
    expect(big.status).toBe(413);
  });
});

describe('POST /admin/offers/:id/codes', () => {
  test('imports a CSV: skips the header, blanks and repeats, answers the codes left', async () => {
    const offer = await createOffer(offers);
    const res = await api()
      .post(`/admin/offers/${offer.id}/codes`)
      .set(staff())
      .send({ csv: 'code,batch\r\nA-1,one\r\n\r\n"A-2",one\r\nA-1,two\r\n' });
    expect(res.body).toEqual({ added: 2, duplicates: 0, codesTotal: 2, codesLeft: 2, lowPool: true });
    const again = await api().post(`/admin/offers/${offer.id}/codes`).set(staff()).send({ csv: 'A-2\nA-3' });
    expect(again.body).toMatchObject({ added: 1, duplicates: 1, codesTotal: 3, codesLeft: 3 });
  });

  test('a bad code names its line; no codes → 400; a referral offer → 409', async () => {
    const offer = await createOffer(offers);
    const bad = await api()
      .post(`/admin/offers/${offer.id}/codes`)
      .set(staff())
      .send({ csv: 'OK-1\nHAS SPACE' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Line 2: Codes use letters, digits and symbols, without spaces',
      code: 'validation_failed',
      errors: { csv: 'Line 2: Codes use letters, digits and symbols, without spaces' },
    });
    expect(
      (await api().post(`/admin/offers/${offer.id}/codes`).set(staff()).send({ csv: '\n\n' })).status,
    ).toBe(400);
    expect((await api().post(`/admin/offers/${offer.id}/codes`).set(staff()).send({})).status).toBe(400);
    const referral = await createOffer(offers, {
      offerType: 'referral',
      referralLink: 'https://partner.example/r',
    });
    const refused = await api().post(`/admin/offers/${referral.id}/codes`).set(staff()).send({ csv: 'R-1' });
    expect(refused.status).toBe(409);
  });
});

describe('GET /admin/offers/:id/stats', () => {
  test('an unknown offer → 404; an offer without activity has no rows', async () => {
    expect((await api().get(`/admin/offers/${randomUUID()}/stats`).set(staff())).status).toBe(404);
    const offer = await createOffer(offers);
    const res = await api().get(`/admin/offers/${offer.id}/stats`).set(staff());
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers['content-range']).toBe('offer-stats */0');
  });
});
