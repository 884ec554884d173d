import { randomUUID } from 'node:crypto';
import { startEndlessUpload } from '@tullab/testing';
import request from 'supertest';
import { signIdentity } from '@tullab/http';
import { logoStore } from '../src/modules/logos/store';
import {
  INTERNAL_SECRET,
  PNG,
  activeStudent,
  as,
  createOffer,
  randomIp,
  staff,
  startOffers,
  type TestOffers,
} from './helpers';

let offers: TestOffers;
const api = () => request(offers.url);
const MINE = '/merchant/offer-proposals';
const ADMIN = '/admin/offer-proposals';

/** A merchant of `brandId` as the gateway signs them (decision 016). */
const merchant = (brandId: string, userId: string = randomUUID()) => {
  const identity = { userId, brandId, role: 'merchant', verificationStatus: 'none' } as const;
  return signIdentity({ ...identity, sessionId: randomUUID(), ip: randomIp() }, INTERNAL_SECRET, 'offers');
};

/** A brand as an approved application leaves it, with its contact. */
async function brand(name: string, language = 'en') {
  const id = randomUUID();
  const contactEmail = `contact-${id}@brand.test`;
  await offers.sql(
    `insert into brand (id, name, contact_email, contact_name, language, created_at) values (?, ?, ?, ?, ?, now())`,
    [id, name, contactEmail, 'Sara Ali', language],
  );
  return { id, name, contactEmail };
}

/** An offer of the brand, made by staff and given to it. */
async function brandOffer(brandId: string, overrides: Record<string, unknown> = {}) {
  const offer = await createOffer(offers, { code: 'BRAND-CODE', ...overrides });
  await offers.sql('update offer set brand_id = ? where id = ?', [brandId, offer.id]);
  return offer;
}

/** The proposal form as the merchant portal sends it: multipart text fields, the guide as JSON. */
const proposal = (overrides: Record<string, string> = {}) => ({
  title: '25% off for students',
  description: 'Everything in store, online too.',
  businessCategory: 'fashion',
  offerType: 'discount',
  discountType: 'percentage',
  discountValue: '25',
  code: 'STUDENT25',
  discountRedemptionGuide: JSON.stringify([{ instruction: 'Copy the code' }, { instruction: 'Pay' }]),
  termsAndConditions: 'Verified students only, one use each.',
  ...overrides,
});

function propose(caller: Record<string, string>, fields: Record<string, string>, logo = false) {
  const req = api().post(MINE).set(caller);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  return logo ? req.attach('logoFile', PNG, 'logo.png') : req;
}

const approve = (id: string, status = 'live') =>
  api().post(`${ADMIN}/${id}/approve`).set(staff()).send({ status });
const reject = (id: string, reason: string) =>
  api().post(`${ADMIN}/${id}/reject`).set(staff()).send({ reason });
/** The status a call answers (a decision's body left empty). */
const statusOf = async (method: 'get' | 'post', path: string, caller: Record<string, string>) =>
  (await api()[method](path).set(caller).send({})).status;
const offerRow = async (id: string) =>
  (await offers.sql<Record<string, unknown>>('select * from offer where id = ?', [id]))[0];
const audit = (resourceId: string) =>
  offers.sql<{ action: string; resource: string; actor_id: string; reason: string | null }>(
    'select action, resource, actor_id, reason from audit_log where resource_id = ? order by created_at, id',
    [resourceId],
  );

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

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

/** A proposal whose logo never finishes arriving (a slow or hostile client). */
const endlessProposal = (caller: Record<string, string>) =>
  startEndlessUpload({
    url: `${offers.url}${MINE}`,
    headers: caller,
    fields: { title: 'A slow one' },
    file: { field: 'logoFile', filename: 'logo.png', contentType: 'image/png', start: PNG },
    announcedBytes: 2 * 1024 * 1024,
  });

/** The stored logo of a proposal (its object key), or null. */
const logoKeyOf = async (id: string) =>
  (await offers.sql<{ logo_key: string | null }>('select logo_key from offer_proposal where id = ?', [id]))[0]
    .logo_key;
const stored = async (key: string) => (await logoStore(offers.config).get(key)) !== null;

describe('limits on proposals (decision 017)', () => {
  const LIMIT = {
    message: 'Your brand already has 5 proposals waiting for review. Withdraw one or wait for a decision.',
    code: 'proposals_pending_limit',
  };

  test('5 pending per brand: the 6th → 409 before its logo is read; a withdrawal makes room', async () => {
    const kicks = await brand('Kicks');
    const caller = merchant(kicks.id);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await propose(caller, proposal({ title: `Proposal ${i}` }), i % 2 === 0);
      expect(res.status).toBe(201);
      ids.push(res.body.id as string);
    }
    const sixth = await propose(caller, proposal({ title: 'One too many' }), true);
    expect([sixth.status, sixth.body]).toEqual([409, LIMIT]);
    // refused while its logo is still arriving, so a brand at its limit never has one read
    const endless = endlessProposal(caller);
    try {
      expect(await endless.response).toEqual({ status: 409, body: LIMIT });
    } finally {
      endless.abort();
    }
    expect(await offers.sql('select id from offer_proposal where brand_id = ?', [kicks.id])).toHaveLength(5);
    // another brand is not held back
    expect((await propose(merchant((await brand('Other')).id), proposal())).status).toBe(201);

    expect((await api().post(`${MINE}/${ids[0]}/withdraw`).set(caller)).status).toBe(200);
    expect((await propose(caller, proposal({ title: 'Room again' }))).status).toBe(201);
    // a decided proposal no longer counts either
    expect((await reject(ids[1], 'Not this time, thank you.')).status).toBe(200);
    expect((await propose(caller, proposal({ title: 'And again' }))).status).toBe(201);
  });

  test('proposals sent at once cannot pass the limit together', async () => {
    const kicks = await brand('Kicks');
    const caller = merchant(kicks.id);
    for (let i = 0; i < 3; i++) expect((await propose(caller, proposal())).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 4 }, () => propose(caller, proposal(), true)));
    expect(results.map((res) => res.status).sort()).toEqual([201, 201, 409, 409]);
    expect(
      await offers.sql("select id from offer_proposal where brand_id = ? and status = 'pending'", [kicks.id]),
    ).toHaveLength(5);
  });

  test('a logo over 2 MB → 413 naming logoFile, and nothing is stored', async () => {
    const kicks = await brand('Kicks');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const req = api().post(MINE).set(merchant(kicks.id));
    for (const [name, value] of Object.entries(proposal())) req.field(name, value);
    const res = await req.attach('logoFile', big, 'logo.png');
    expect([res.status, res.body]).toEqual([
      413,
      {
        message: 'Logo must be at most 2 MB',
        code: 'upload_too_large',
        errors: { logoFile: 'Logo must be at most 2 MB' },
      },
    ]);
    expect(await offers.sql('select id from offer_proposal where brand_id = ?', [kicks.id])).toEqual([]);
  });
});

describe('logos no offer uses leave the bucket (decision 017)', () => {
  test('a withdrawn and a rejected proposal’s logo are removed; an approved one is the offer’s', async () => {
    const kicks = await brand('Kicks');
    const caller = merchant(kicks.id);

    const withdrawn = (await propose(caller, proposal({ title: 'Withdrawn' }), true)).body.id as string;
    const withdrawnKey = (await logoKeyOf(withdrawn))!;
    expect(await stored(withdrawnKey)).toBe(true);
    const res = await api().post(`${MINE}/${withdrawn}/withdraw`).set(caller);
    expect(res.body).toMatchObject({ status: 'withdrawn', hasLogo: false });
    expect(await stored(withdrawnKey)).toBe(false);
    expect(await statusOf('get', `${MINE}/${withdrawn}/logo`, caller)).toBe(404);

    const rejected = (await propose(caller, proposal({ title: 'Rejected' }), true)).body.id as string;
    const rejectedKey = (await logoKeyOf(rejected))!;
    expect(await stored(rejectedKey)).toBe(true);
    expect((await reject(rejected, 'The logo is not the brand’s.')).body).toMatchObject({
      status: 'rejected',
      hasLogo: false,
    });
    expect(await stored(rejectedKey)).toBe(false);
    expect(await statusOf('get', `${ADMIN}/${rejected}/logo`, staff())).toBe(404);

    // approved, a new offer's logo stays; an edit's new logo replaces it, and the replaced one leaves the bucket
    const created = (await propose(caller, proposal({ title: 'Approved' }), true)).body.id as string;
    const firstKey = (await logoKeyOf(created))!;
    const offerId = (await approve(created)).body.offerId as string;
    expect(await offerRow(offerId)).toMatchObject({ logo_key: firstKey });
    expect(await stored(firstKey)).toBe(true);
    const edit = (await propose(caller, proposal({ offerId, title: 'Approved again' }), true)).body
      .id as string;
    const secondKey = (await logoKeyOf(edit))!;
    expect((await approve(edit)).status).toBe(200);
    expect(await offerRow(offerId)).toMatchObject({ logo_key: secondKey });
    expect(await stored(secondKey)).toBe(true);
    expect(await stored(firstKey)).toBe(false);
  });
});
