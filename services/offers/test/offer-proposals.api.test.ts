import { randomUUID } from 'node:crypto';
import { startedForTests } from '@tullab/testing';
import { activeStudent, as, merchantOf as merchant, staff, startOffers } from './helpers';
import { ADMIN, MINE, offerProposals, proposal } from './offer-proposals.fixture';

const offers = startedForTests(startOffers);
const { api, brand, brandOffer, propose, approve, reject, statusOf, offerRow, audit } =
  offerProposals(offers);

describe('a new offer proposed by a merchant', () => {
  test('staff approve it as live: the offer is the brand’s, in the catalogue, audited and the contact mailed', async () => {
    const falafel = await brand('Falafel Co', 'ar');
    const merchantId = randomUUID();
    const res = await propose(merchant(falafel.id, merchantId), proposal(), true);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      brandId: falafel.id,
      brandName: 'Falafel Co',
      kind: 'new',
      status: 'pending',
      offerId: null,
      hasLogo: true,
      proposedBy: merchantId,
      fields: { title: '25% off for students', discountValue: 25, code: 'STUDENT25' },
    });
    const id = res.body.id as string;
    expect((await api().get('/admin/offer-proposals/summary').set(staff())).body.pending).toBeGreaterThan(0);
    const listed = await api()
      .get('/admin/offer-proposals')
      .query({ filter: JSON.stringify({ status: ['pending'], brandId: falafel.id }) })
      .set(staff());
    expect(listed.headers['content-range']).toBe('offer-proposals 0-0/1');
    expect(listed.body.map((p: { id: string }) => p.id)).toEqual([id]);
    expect((await api().get(`${ADMIN}/${id}/logo`).set(staff())).type).toBe('image/png');

    const approved = await approve(id, 'live');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', offerId: expect.any(String) });
    const offerId = approved.body.offerId as string;
    expect(await offerRow(offerId)).toMatchObject({
      brand_id: falafel.id,
      brand_name: 'Falafel Co',
      title: '25% off for students',
      status: 'live',
      code: 'STUDENT25',
      max_redemptions_per_student: 1,
      logo_key: expect.stringMatching(/^offers\//),
    });
    const catalogue = await api().get('/offers').set(as(null));
    expect(catalogue.body.map((offer: { id: string }) => offer.id)).toContain(offerId);

    expect((await audit(id)).map((row) => [row.action, row.resource])).toEqual([
      ['propose-new', 'offer-proposals'],
      ['approve', 'offer-proposals'],
    ]);
    expect((await audit(id))[0].actor_id).toBe(merchantId);
    expect((await audit(offerId)).map((row) => row.action)).toEqual(['create']);
    const [mail] = await offers.mails(falafel.contactEmail);
    expect(mail.payload).toMatchObject({
      template: 'offer-proposal-decided',
      language: 'ar',
      data: {
        contactName: 'Sara Ali',
        brandName: 'Falafel Co',
        offerTitle: '25% off for students',
        approved: 'true',
      },
    });

    // decided exactly once
    expect((await approve(id)).status).toBe(409);
    expect((await reject(id, 'Too late now')).status).toBe(409);
    expect(await offers.sql('select id from offer where brand_id = ?', [falafel.id])).toHaveLength(1);
  });

  test('bad input → 400 naming the field, nothing stored', async () => {
    const kicks = await brand('Kicks');
    const noTitle = await propose(merchant(kicks.id), proposal({ title: '' }));
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.errors).toHaveProperty('title');
    const badValue = await propose(merchant(kicks.id), proposal({ discountValue: 'lots' }));
    expect(badValue.status).toBe(400);
    expect(badValue.body.errors).toHaveProperty('discountValue');
    const noGuide = await propose(merchant(kicks.id), proposal({ discountRedemptionGuide: '[]' }));
    expect(noGuide.body.errors).toHaveProperty('discountRedemptionGuide');
    const referral = await propose(merchant(kicks.id), proposal({ offerType: 'referral' }));
    expect(referral.body.errors).toHaveProperty('referralLink');
    const badId = await propose(merchant(kicks.id), proposal({ offerId: 'not-an-id' }));
    expect(badId.body.errors).toHaveProperty('offerId');
    expect(await offers.sql('select id from offer_proposal where brand_id = ?', [kicks.id])).toEqual([]);

    const { body } = await propose(merchant(kicks.id), proposal());
    expect((await approve(body.id, 'published')).body.errors).toHaveProperty('status');
    expect((await reject(body.id, '')).body.errors).toHaveProperty('reason');
    expect((await api().get(`/admin/offer-proposals/${body.id}`).set(staff())).body.status).toBe('pending');
  });
});

describe('an edit proposed by a merchant', () => {
  test('changes nothing until approved, then changes the offer as the console’s edit does', async () => {
    const kicks = await brand('Kicks');
    const offer = await brandOffer(kicks.id, { title: 'Old title', brandName: 'Kicks' });
    const res = await propose(
      merchant(kicks.id),
      proposal({ offerId: offer.id, title: 'New title', titleAr: 'عنوان جديد' }),
      true,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'edit', offerId: offer.id });
    // one pending proposal per offer
    expect((await propose(merchant(kicks.id), proposal({ offerId: offer.id }))).status).toBe(409);
    expect(await offerRow(offer.id)).toMatchObject({ title: 'Old title', logo_key: null });

    const approved = await approve(res.body.id, 'draft');
    expect(approved.status).toBe(200);
    expect(await offerRow(offer.id)).toMatchObject({
      title: 'New title',
      title_ar: 'عنوان جديد',
      code: 'STUDENT25',
      brand_name: 'Kicks',
      business_description: 'A brand that exists only in tests.',
      status: 'live',
      logo_key: expect.stringMatching(/^offers\//),
      logo_version: 1,
    });
    expect((await audit(offer.id)).map((row) => row.action)).toEqual(['create', 'update', 'change-logo']);
    // the catalogue shows the change
    const listed = (await api().get('/offers').set(as(null))).body.find(
      (o: { id: string }) => o.id === offer.id,
    );
    expect(listed.title).toBe('New title');
  });

  test('rejection keeps the offer unchanged and mails the reason', async () => {
    const kicks = await brand('Kicks');
    const offer = await brandOffer(kicks.id, { title: 'Kept title' });
    const { body } = await propose(
      merchant(kicks.id),
      proposal({ offerId: offer.id, title: 'Refused title' }),
    );
    const res = await reject(body.id, 'The discount is not what the shop offers.');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'rejected',
      reason: 'The discount is not what the shop offers.',
    });
    expect(await offerRow(offer.id)).toMatchObject({ title: 'Kept title', code: 'BRAND-CODE' });
    const [mail] = await offers.mails(kicks.contactEmail);
    expect(mail.payload).toMatchObject({
      template: 'offer-proposal-decided',
      language: 'en',
      data: {
        offerTitle: 'Refused title',
        approved: 'false',
        reason: 'The discount is not what the shop offers.',
      },
    });
    expect((await audit(body.id)).map((row) => [row.action, row.reason])).toEqual([
      ['propose-edit', null],
      ['reject', 'The discount is not what the shop offers.'],
    ]);
    expect((await audit(offer.id)).map((row) => row.action)).toEqual(['create']);
  });

  test('a merchant withdraws a pending proposal once; staff cannot decide it afterwards', async () => {
    const kicks = await brand('Kicks');
    const offer = await brandOffer(kicks.id);
    const caller = merchant(kicks.id);
    const { body } = await propose(caller, proposal({ offerId: offer.id }));
    const withdrawn = await api().post(`${MINE}/${body.id}/withdraw`).set(caller);
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn' });
    expect(await statusOf('post', `${MINE}/${body.id}/withdraw`, caller)).toBe(409);
    expect((await approve(body.id)).status).toBe(409);
    // the offer is free for a new proposal
    expect((await propose(caller, proposal({ offerId: offer.id }))).status).toBe(201);
  });
});

describe('who may do what', () => {
  test('a merchant of brand B cannot propose an edit of A’s offer nor see A’s proposals', async () => {
    const a = await brand('Brand A');
    const b = await brand('Brand B');
    const offerOfA = await brandOffer(a.id);
    const mine = await propose(merchant(a.id), proposal({ offerId: offerOfA.id }));
    expect(mine.status).toBe(201);
    const intruder = merchant(b.id);

    expect((await propose(intruder, proposal({ offerId: offerOfA.id }))).status).toBe(404);
    expect((await propose(intruder, proposal({ offerId: randomUUID() }))).status).toBe(404);
    for (const path of [`${MINE}/${mine.body.id}`, `${MINE}/${mine.body.id}/logo`])
      expect(await statusOf('get', path, intruder)).toBe(404);
    expect(await statusOf('post', `${MINE}/${mine.body.id}/withdraw`, intruder)).toBe(404);
    const ownList = await api().get('/merchant/offer-proposals').set(intruder);
    expect(ownList.status).toBe(200);
    expect(ownList.body).toEqual([]);
    const listOfA = await api().get('/merchant/offer-proposals').set(merchant(a.id));
    expect(listOfA.body.map((p: { id: string }) => p.id)).toEqual([mine.body.id]);
    expect((await api().get(`${MINE}/${mine.body.id}`).set(merchant(a.id))).body.status).toBe('pending');
    expect(await offers.sql('select id from offer_proposal where brand_id = ?', [b.id])).toEqual([]);
  });

  test('students and staff get 403 on the merchant routes; students and merchants on the console’s', async () => {
    const a = await brand('Brand A');
    const { body } = await propose(merchant(a.id), proposal());
    for (const caller of [activeStudent(), staff(), as('admin')]) {
      expect((await propose(caller, proposal())).status).toBe(403);
      expect(await statusOf('get', MINE, caller)).toBe(403);
      expect(await statusOf('get', `${MINE}/${body.id}`, caller)).toBe(403);
      expect(await statusOf('post', `${MINE}/${body.id}/withdraw`, caller)).toBe(403);
    }
    expect(await statusOf('get', MINE, as(null))).toBe(401);
    for (const caller of [activeStudent(), merchant(a.id)]) {
      for (const path of [ADMIN, `${ADMIN}/summary`, `${ADMIN}/${body.id}`])
        expect(await statusOf('get', path, caller)).toBe(403);
      for (const action of ['approve', 'reject'])
        expect(await statusOf('post', `${ADMIN}/${body.id}/${action}`, caller)).toBe(403);
    }
    expect((await api().get('/admin/offer-proposals').set(as('admin'))).status).toBe(200);
    expect((await api().get(`/admin/offer-proposals/${body.id}`).set(staff())).body.status).toBe('pending');
  });
});
