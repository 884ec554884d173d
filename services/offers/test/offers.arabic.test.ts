import request from 'supertest';
import { as, createOffer, offerForm, staff, startOffers, type TestOffers } from './helpers';

let offers: TestOffers;
const api = () => request(offers.url);

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

/** An offer's Arabic texts (issue 12), as the console's form sends them. */
const arabic = {
  titleAr: 'خصم ٢٠٪ على كل شيء',
  descriptionAr: 'كل ما في المتجر.',
  discountRedemptionGuideAr: [{ instruction: 'انسخ الرمز' }, { instruction: 'الصقه عند الدفع' }],
  termsAndConditionsAr: 'للطلاب الموثقين فقط؛ استخدام واحد لكل طالب.',
};
const arabicGuide = [
  { step: 1, instruction: 'انسخ الرمز' },
  { step: 2, instruction: 'الصقه عند الدفع' },
];

describe('Arabic texts of an offer (issue 12)', () => {
  test('staff create and edit them; the console, the catalogue and the opened offer carry them', async () => {
    const created = await createOffer(offers, arabic);
    expect(created).toMatchObject({ ...arabic, discountRedemptionGuideAr: arabicGuide });

    const catalogue = await api().get('/offers').set(as(null));
    expect(catalogue.body.find((offer: { id: string }) => offer.id === created.id)).toMatchObject({
      title: '20% off everything',
      titleAr: arabic.titleAr,
      description: 'Everything in store.',
      descriptionAr: arabic.descriptionAr,
    });
    const opened = await api().get(`/offers/${created.id}`).set(as(null));
    expect(opened.body).toMatchObject({
      titleAr: arabic.titleAr,
      descriptionAr: arabic.descriptionAr,
      discountRedemptionGuideAr: arabicGuide,
      termsAndConditionsAr: arabic.termsAndConditionsAr,
    });

    const edited = await api()
      .put(`/admin/offers/${created.id}`)
      .set(staff())
      .send(
        offerForm({ ...arabic, titleAr: '  عرض جديد  ', descriptionAr: '', discountRedemptionGuideAr: [] }),
      );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      titleAr: 'عرض جديد',
      descriptionAr: null,
      discountRedemptionGuideAr: null,
      termsAndConditionsAr: arabic.termsAndConditionsAr,
    });
    const [row] = await offers.sql<Record<string, unknown>>(
      'select title_ar, description_ar, discount_redemption_guide_ar, terms_and_conditions_ar from offer where id = ?',
      [created.id],
    );
    expect(row).toEqual({
      title_ar: 'عرض جديد',
      description_ar: null,
      discount_redemption_guide_ar: null,
      terms_and_conditions_ar: arabic.termsAndConditionsAr,
    });
    const reopened = await api().get(`/admin/offers/${created.id}`).set(staff());
    expect(reopened.body).toMatchObject({ titleAr: 'عرض جديد', descriptionAr: null });
  });

  test('an offer without them answers null for each, everywhere', async () => {
    const plain = await createOffer(offers);
    const none = {
      titleAr: null,
      descriptionAr: null,
      discountRedemptionGuideAr: null,
      termsAndConditionsAr: null,
    };
    expect(plain).toMatchObject(none);
    expect((await api().get(`/offers/${plain.id}`).set(as(null))).body).toMatchObject(none);
    const listed = (await api().get('/offers').set(as(null))).body.find(
      (offer: { id: string }) => offer.id === plain.id,
    );
    expect(listed).toMatchObject({ titleAr: null, descriptionAr: null });
    expect(listed).not.toHaveProperty('termsAndConditionsAr');
  });

  test('a change of them is audited like any other field', async () => {
    const offer = await createOffer(offers);
    await api()
      .put(`/admin/offers/${offer.id}`)
      .set(staff())
      .send(offerForm({ titleAr: 'عنوان' }))
      .expect(200);
    const audit = await api()
      .get('/admin/offer-audit-log')
      .query({ filter: JSON.stringify({ resourceId: offer.id, action: 'update' }) })
      .set(staff());
    expect(audit.body[0]?.changes).toEqual({ titleAr: { from: null, to: 'عنوان' } });
  });

  test.each([
    ['titleAr', 'ع'.repeat(121), 'Title (Arabic) must be at most 120 characters', 'titleArTooLong'],
    ['titleAr', 'ع', 'Title (Arabic) must be at least 2 characters', 'titleArTooShort'],
    [
      'descriptionAr',
      'و'.repeat(2001),
      'Description (Arabic) must be at most 2000 characters',
      'descriptionArTooLong',
    ],
    [
      'termsAndConditionsAr',
      'ش'.repeat(5001),
      'Terms and conditions (Arabic) must be at most 5000 characters',
      'termsAndConditionsArTooLong',
    ],
    [
      'termsAndConditionsAr',
      'قصير',
      'Terms and conditions (Arabic) must be at least 10 characters',
      'termsAndConditionsArTooShort',
    ],
    [
      'discountRedemptionGuideAr',
      Array.from({ length: 21 }, () => ({ instruction: 'خطوة' })),
      'At most 20 redemption steps',
      'guideTooLong',
    ],
  ])('%s out of bounds → 400 naming it and its rule; nothing stored', async (field, value, message, rule) => {
    const res = await api()
      .post('/admin/offers')
      .set(staff())
      .send(offerForm({ title: `Rejected ${field}`, [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message,
      code: 'validation_failed',
      errors: { [field]: message },
      keys: { [field]: `offerRules:${rule}` },
    });
    expect(await offers.sql('select id from offer where title = ?', [`Rejected ${field}`])).toEqual([]);
  });

  test('a redemption step of the Arabic guide is checked like an English one', async () => {
    const res = await api()
      .post('/admin/offers')
      .set(staff())
      .send(offerForm({ discountRedemptionGuideAr: [{ instruction: ' ' }] }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      'discountRedemptionGuideAr.0.instruction': 'Each redemption step needs an instruction',
    });
  });
});
