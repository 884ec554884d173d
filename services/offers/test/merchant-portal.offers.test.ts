import { randomUUID } from 'node:crypto';
import { startedForTests } from '@tullab/testing';
import { activeStudent, as, staff, startOffers } from './helpers';
import { merchantPortal } from './merchant-portal.fixture';

const offers = startedForTests(startOffers);
const { api, newBrand, brandOffer, importAsStaff, redeem, upload, auditOf, reported } =
  merchantPortal(offers);

describe('GET /merchant/brand and /merchant/offers', () => {
  test('the brand, and its offers but archived ones, newest first, with where their codes come from', async () => {
    const brand = await newBrand();
    expect((await api().get('/merchant/brand').set(brand.as())).body).toEqual({
      id: brand.id,
      name: 'Falafel Co',
      contactEmail: brand.contactEmail,
    });
    const generated = await brandOffer(brand, { title: 'Generated' });
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const texts = {
      titleAr: 'خصم خاص',
      descriptionAr: 'على كل شيء في المتجر',
      websiteLink: 'https://falafel.example',
      expiresAt,
      discountRedemptionGuideAr: [{ instruction: 'انسخ الرمز' }],
      termsAndConditionsAr: 'للطلاب الموثقين فقط، مرة واحدة',
    };
    const own = await brandOffer(brand, { title: 'Own', code: 'OWN-10', ...texts });
    const referral = await brandOffer(brand, {
      title: 'Referral',
      offerType: 'referral',
      discountType: null,
      discountValue: null,
      referralLink: 'https://falafel.example/r',
    });
    const pooled = await brandOffer(brand, { title: 'Pooled', code: 'IGNORED' });
    await importAsStaff(pooled.id, 'A-1\nA-2\nA-3\nA-4\nA-5\nA-6');
    await redeem(pooled.id, randomUUID());
    const archived = await brandOffer(brand, { title: 'Archived' });
    await api().delete(`/admin/offers/${archived.id}`).set(staff()).expect(200);
    const ordered = [generated, own, referral, pooled, archived];
    for (const [i, offer] of ordered.entries())
      await offers.sql(`update offer set created_at = now() - interval '${10 - i} minutes' where id = ?`, [
        offer.id,
      ]);
    await reported(own.id);

    const list = await api().get('/merchant/offers').set(brand.as());
    expect(list.status).toBe(200);
    expect(list.body.map((o: { title: string }) => o.title)).toEqual([
      'Pooled',
      'Referral',
      'Own',
      'Generated',
    ]);
    const byTitle = Object.fromEntries(list.body.map((o: { title: string }) => [o.title, o]));
    expect(byTitle.Pooled).toMatchObject({
      codeSource: 'pool',
      codesTotal: 6,
      codesLeft: 5,
      poolLow: true,
      status: 'live',
      offerType: 'discount',
    });
    expect(byTitle.Own).toMatchObject({
      codeSource: 'own',
      codesTotal: null,
      codesLeft: null,
      reportsOpen: 1,
    });
    expect(byTitle.Generated).toMatchObject({ codeSource: 'generated', poolLow: false, reportsOpen: 0 });
    expect(byTitle.Referral).toMatchObject({ codeSource: 'referral', offerType: 'referral' });
    expect(Object.keys(byTitle.Own).sort()).toEqual(
      [
        'id',
        'title',
        'titleAr',
        'status',
        'offerType',
        'codeSource',
        'codesTotal',
        'codesLeft',
        'poolLow',
        'reportsOpen',
        'expiresAt',
        'createdAt',
      ].sort(),
    );
    // the one offer also carries the fields an edit proposal replaces, which sent back as they are make a valid one
    const one = await api().get(`/merchant/offers/${own.id}`).set(brand.as());
    const fields = {
      ...texts,
      title: 'Own',
      description: 'Everything in store.',
      businessCategory: 'fashion',
      offerType: 'discount',
      discountType: 'percentage',
      discountValue: 20,
      code: 'OWN-10',
      referralLink: null,
      discountRedemptionGuide: [
        { step: 1, instruction: 'Copy the code' },
        { step: 2, instruction: 'Paste it at checkout' },
      ],
      discountRedemptionGuideAr: [{ step: 1, instruction: 'انسخ الرمز' }],
      termsAndConditions: 'Verified students only; one use each.',
    };
    expect(one.body).toEqual({ ...byTitle.Own, fields });
    const proposal = await api()
      .post('/merchant/offer-proposals')
      .set(brand.as())
      .send({ offerId: own.id, ...one.body.fields });
    expect(proposal.status).toBe(201);
    expect(proposal.body).toMatchObject({ kind: 'edit', offerId: own.id, fields });
    expect((await api().get(`/merchant/offers/${archived.id}`).set(brand.as())).status).toBe(404);
  });

  test('pause: a live offer leaves the catalogue at once, audited with the merchant; not live → 409', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    const res = await api().post(`/merchant/offers/${offer.id}/pause`).set(brand.as());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: offer.id, status: 'paused' });
    expect(await auditOf(offer.id)).toEqual([
      { action: 'create', actor_role: 'staff' },
      { action: 'pause', actor_role: 'merchant' },
    ]);
    const catalogue = await api().get('/offers').set(as(null));
    expect(catalogue.body.map((o: { id: string }) => o.id)).not.toContain(offer.id);
    const again = await api().post(`/merchant/offers/${offer.id}/pause`).set(brand.as());
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Only a live offer can be paused/);
  });
});

describe('POST /merchant/offers/:id/pool(/preview)', () => {
  test('the preview names invalid lines and duplicates and changes nothing; the import adds all or none', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    await importAsStaff(offer.id, 'KEPT-1');
    await offers.sql(
      'update offer set low_pool_alerted_at = now(), pool_exhausted_alerted_at = now() where id = ?',
      [offer.id],
    );
    const file = 'code\nNEW-1\nbad code\nNEW-2\nNEW-1\nKEPT-1\n\nNEW-3\n';
    const preview = await upload(`/merchant/offers/${offer.id}/pool/preview`, brand.as(), file);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      valid: 3,
      sample: ['NEW-1', 'NEW-2', 'NEW-3'],
      invalid: [
        { line: 3, value: 'bad code', message: 'Codes use letters, digits and symbols, without spaces' },
      ],
      duplicates: [
        { line: 5, value: 'NEW-1' },
        { line: 6, value: 'KEPT-1' },
      ],
      codesTotal: 1,
      codesLeft: 1,
    });

    const refused = await upload(`/merchant/offers/${offer.id}/pool`, brand.as(), file);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'validation_failed',
      message:
        '3 lines cannot be imported, the first is line 3: Codes use letters, digits and symbols, without spaces',
      errors: {
        'line 3': 'Codes use letters, digits and symbols, without spaces',
        'line 5': 'NEW-1 is already in the file or the pool',
        'line 6': 'KEPT-1 is already in the file or the pool',
      },
    });
    expect(refused.body.errors.file).toBe(refused.body.message);
    const total = async () =>
      (
        await offers.sql<{ n: string }>('select count(*) as n from offer_code where offer_id = ?', [offer.id])
      )[0].n;
    expect(await total()).toBe('1');

    const res = await upload(`/merchant/offers/${offer.id}/pool`, brand.as(), 'NEW-1\r\nNEW-2\r\nNEW-3\r\n');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added: 3, codesTotal: 4, codesLeft: 4 });
    expect(await total()).toBe('4');
    expect((await auditOf(offer.id)).at(-1)).toEqual({ action: 'import-codes', actor_role: 'merchant' });
    // the pool is still low (4 left): that alert stays sent, the exhausted one is armed again
    expect(
      await offers.sql(
        'select low_pool_alerted_at is not null as low, pool_exhausted_alerted_at as exhausted from offer where id = ?',
        [offer.id],
      ),
    ).toEqual([{ low: true, exhausted: null }]);
    const many = Array.from({ length: 20 }, (_, i) => `MORE-${i}`).join('\n');
    await upload(`/merchant/offers/${offer.id}/pool`, brand.as(), many).expect(200);
    expect(await offers.sql('select low_pool_alerted_at from offer where id = ?', [offer.id])).toEqual([
      { low_pool_alerted_at: null },
    ]);
  });

  test('no file, an empty one, a too big one, a referral offer', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    const none = await api().post(`/merchant/offers/${offer.id}/pool`).set(brand.as()).send({});
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ file: 'Please choose a CSV file of codes' });
    const empty = await upload(`/merchant/offers/${offer.id}/pool`, brand.as(), 'code\n');
    expect(empty.body).toMatchObject({
      message: 'The file has no codes',
      errors: { file: 'The file has no codes' },
    });
    const big = await upload(
      `/merchant/offers/${offer.id}/pool/preview`,
      brand.as(),
      'X'.repeat(1024 * 1024 + 1),
    );
    expect(big.status).toBe(413);
    const referral = await brandOffer(brand, {
      offerType: 'referral',
      discountType: null,
      discountValue: null,
      referralLink: 'https://falafel.example/r',
    });
    for (const path of ['pool', 'pool/preview'])
      expect((await upload(`/merchant/offers/${referral.id}/${path}`, brand.as(), 'R-1')).status).toBe(409);
  });
});

describe('the low-pool e-mail to the brand', () => {
  test('once low and once out, to the contact in their language, with the staff alert', async () => {
    const brand = await newBrand('Kicks', 'ar');
    const offer = await brandOffer(brand, { title: 'Sneakers' });
    await importAsStaff(offer.id, 'P-1\nP-2');
    await redeem(offer.id, randomUUID());
    await redeem(offer.id, randomUUID());
    await api().post(`/offers/${offer.id}/redeem`).set(activeStudent()).expect(409);
    const mails = await offers.mails(brand.contactEmail);
    expect(mails.map((mail) => mail.payload)).toEqual([
      {
        to: brand.contactEmail,
        template: 'merchant-pool-low',
        language: 'ar',
        data: { contactName: 'Sara Ali', brandName: 'Kicks', offerTitle: 'Sneakers', codesLeft: '1' },
      },
      expect.objectContaining({
        template: 'merchant-pool-low',
        data: expect.objectContaining({ codesLeft: '0' }),
      }),
    ]);
    expect((await offers.mails(offers.config.SUPPORT_EMAIL)).length).toBeGreaterThanOrEqual(2);
  });
});
