import { startedForTests } from '@tullab/testing';
import { logoStore } from '../src/modules/logos/store';
import { SUPPORT_EMAIL, as, randomIp, staff, startOffers } from './helpers';
import { form, merchantApplications } from './merchant-applications.fixture';

const offers = startedForTests(startOffers);
const { api, submit, submitted } = merchantApplications(offers);

describe('POST /merchant-applications', () => {
  test('stores the application as pending with its logo, and queues "received" to the applicant and an alert to staff', async () => {
    const res = await submit(form({ contactEmail: 'stored@falaj.example' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      message: expect.stringMatching(/received your application/),
    });
    const [row] = await offers.sql<Record<string, unknown>>(
      'select status, brand_name, discount_value, logo_key, logo_content_type, discount_redemption_guide, expiry_date from merchant_application where id = ?',
      [res.body.id],
    );
    expect(row).toMatchObject({
      status: 'pending',
      brand_name: 'Falaj Coffee',
      discount_value: '15.00',
      logo_content_type: 'image/png',
      expiry_date: null,
      discount_redemption_guide: [
        { step: 1, instruction: 'Show the code at the counter' },
        { step: 2, instruction: 'Enjoy your coffee' },
      ],
    });
    expect(await logoStore(offers.config).get(String(row.logo_key))).not.toBeNull();

    const [received] = await offers.mails('stored@falaj.example');
    expect(received.payload).toEqual({
      to: 'stored@falaj.example',
      template: 'merchant-application-received',
      data: {},
      language: 'en',
    });
    const alert = (await offers.mails(SUPPORT_EMAIL)).find(
      (mail) => mail.payload.data.actionPath === `/admin#/merchant-applications/${res.body.id}/show`,
    );
    expect(alert?.payload).toMatchObject({
      template: 'staff-alert',
      data: { title: 'New merchant application: Falaj Coffee' },
    });
  });

  test('is no mail relay: one confirmation per address a day, nothing typed in it; later ones stored, marked for staff', async () => {
    const spam = { brandName: 'Cheap pills at evil.example', contactName: 'Visit evil.example now' };
    const first = await submit(form({ ...spam, contactEmail: 'victim@relay.example' }));
    expect(first.status).toBe(201);
    // the same address, in another case, twice at once: stored, neither mailed
    const later = await Promise.all(
      ['Victim@Relay.example', 'VICTIM@relay.example'].map((contactEmail) =>
        submit(form({ ...spam, contactEmail })),
      ),
    );
    expect(later.map((res) => res.status)).toEqual([201, 201]);

    const mails = await offers.sql<{ payload: Record<string, unknown> }>(
      "select payload from outbox where name = 'email.requested' and lower(payload->>'to') = 'victim@relay.example'",
    );
    expect(mails.map((mail) => mail.payload)).toEqual([
      { to: 'victim@relay.example', template: 'merchant-application-received', data: {}, language: 'en' },
    ]);
    const stored = await offers.sql<{ id: string; confirmation_emailed: boolean }>(
      'select id, confirmation_emailed from merchant_application where lower(contact_email) = ? order by created_at',
      ['victim@relay.example'],
    );
    expect(stored.map((row) => row.confirmation_emailed).sort()).toEqual([false, false, true]);
    const shown = await api().get(`/admin/merchant-applications/${later[0].body.id}`).set(staff());
    expect(shown.body).toMatchObject({ confirmationEmailed: false, brandName: spam.brandName });

    // a day later the address may be confirmed again
    await offers.sql(
      "update merchant_application set created_at = created_at - interval '25 hours' where lower(contact_email) = ?",
      ['victim@relay.example'],
    );
    expect((await submit(form({ contactEmail: 'victim@relay.example' }))).status).toBe(201);
    expect(await offers.mails('victim@relay.example')).toHaveLength(2);
  });

  test('a referral offer needs only its link; an expiry date is the end of that day in the UAE', async () => {
    const id = await submitted(
      form({
        offerType: 'referral',
        discountCode: '',
        discountValue: '',
        referralLink: 'https://falaj.example/students',
        hasExpiry: 'true',
        expiryDate: '2099-12-31',
      }),
    );
    const [row] = await offers.sql<Record<string, unknown>>(
      'select offer_type, discount_type, discount_code, referral_link, expiry_date from merchant_application where id = ?',
      [id],
    );
    expect(row).toEqual({
      offer_type: 'referral',
      discount_type: null,
      discount_code: null,
      referral_link: 'https://falaj.example/students',
      expiry_date: '2099-12-31 19:59:59.999+00',
    });
  });

  test('free shipping needs no value', async () => {
    await submitted(form({ discountType: 'free_shipping', discountValue: '' }));
  });

  test('at most 10 applications per address per hour', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await api().post('/merchant-applications').set(as(null, { ip })).field('brandName', 'x');
      expect(res.status).toBe(400);
    }
    const limited = await api().post('/merchant-applications').set(as(null, { ip })).field('brandName', 'x');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('Arabic texts and the applicant’s language (issue 12)', () => {
  const arabic = {
    businessDescriptionAr: 'قهوة مختصة من العين، محمصة يومياً.',
    discountRedemptionGuideAr: JSON.stringify([
      { instruction: 'أظهر الرمز عند الكاشير' },
      { instruction: 'استمتع بقهوتك' },
    ]),
    termsAndConditionsAr: 'مشروب واحد لكل زيارة، للطلاب فقط.',
  };

  test('are stored with the language the applicant asked for, shown to staff, and carried into the approved offer', async () => {
    const res = await submit(form({ ...arabic, contactEmail: 'arabic@falaj.example' })).set(
      'Accept-Language',
      'ar-AE,ar;q=0.9,en;q=0.5',
    );
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    const [received] = await offers.mails('arabic@falaj.example');
    expect(received.payload).toEqual({
      to: 'arabic@falaj.example',
      template: 'merchant-application-received',
      data: {},
      language: 'ar',
    });

    const shown = await api().get(`/admin/merchant-applications/${id}`).set(staff());
    expect(shown.body).toMatchObject({
      language: 'ar',
      businessDescriptionAr: arabic.businessDescriptionAr,
      discountRedemptionGuideAr: [
        { step: 1, instruction: 'أظهر الرمز عند الكاشير' },
        { step: 2, instruction: 'استمتع بقهوتك' },
      ],
      termsAndConditionsAr: arabic.termsAndConditionsAr,
    });

    const approved = await api()
      .post(`/admin/merchant-applications/${id}/approve`)
      .set(staff())
      .send({ status: 'live' });
    expect(approved.status).toBe(200);
    const offer = await api().get(`/offers/${approved.body.offerId}`).set(as(null));
    expect(offer.body).toMatchObject({
      title: '15% off for students',
      titleAr: 'خصم 15% للطلاب',
      description: 'Third-wave coffee from Al Ain.',
      descriptionAr: arabic.businessDescriptionAr,
      discountRedemptionGuideAr: [
        { step: 1, instruction: 'أظهر الرمز عند الكاشير' },
        { step: 2, instruction: 'استمتع بقهوتك' },
      ],
      termsAndConditionsAr: arabic.termsAndConditionsAr,
    });
    const [, decided] = await offers.mails('arabic@falaj.example');
    expect(decided.payload).toMatchObject({ template: 'merchant-application-approved', language: 'ar' });
  });

  test('an application without them is English, and so is its offer and its rejection', async () => {
    const id = await submitted(
      form({
        contactEmail: 'english@falaj.example',
        businessDescriptionAr: '  ',
        discountRedemptionGuideAr: '[]',
        termsAndConditionsAr: '',
      }),
    );
    const shown = await api().get(`/admin/merchant-applications/${id}`).set(staff());
    expect(shown.body).toMatchObject({
      language: 'en',
      businessDescriptionAr: null,
      discountRedemptionGuideAr: null,
      termsAndConditionsAr: null,
    });
    const other = await submitted(form({ contactEmail: 'english@falaj.example' }));
    const approved = await api().post(`/admin/merchant-applications/${other}/approve`).set(staff()).send({});
    const offer = await api().get(`/admin/offers/${approved.body.offerId}`).set(staff());
    expect(offer.body).toMatchObject({
      titleAr: null,
      descriptionAr: null,
      discountRedemptionGuideAr: null,
      termsAndConditionsAr: null,
    });
    await api()
      .post(`/admin/merchant-applications/${id}/reject`)
      .set(staff())
      .send({ reason: 'Incomplete.' })
      .expect(200);
    const mails = await offers.mails('english@falaj.example');
    expect(mails.map((mail) => [mail.payload.template, mail.payload.language])).toEqual([
      ['merchant-application-received', 'en'],
      ['merchant-application-approved', 'en'],
      ['merchant-application-rejected', 'en'],
    ]);
  });

  test('an Arabic application rejected: the rejection is in Arabic', async () => {
    const res = await submit(form({ contactEmail: 'rejected-ar@falaj.example' })).set(
      'Accept-Language',
      'ar',
    );
    await api()
      .post(`/admin/merchant-applications/${res.body.id}/reject`)
      .set(staff())
      .send({ reason: 'Incomplete.' })
      .expect(200);
    const [, rejected] = await offers.mails('rejected-ar@falaj.example');
    expect(rejected.payload).toMatchObject({ template: 'merchant-application-rejected', language: 'ar' });
  });

  test.each([
    [
      'businessDescriptionAr',
      'أ'.repeat(2001),
      'Business description (Arabic) must be at most 2000 characters',
    ],
    ['businessDescriptionAr', 'قصير', 'Business description (Arabic) must be at least 10 characters'],
    [
      'termsAndConditionsAr',
      'ش'.repeat(5001),
      'Terms and conditions (Arabic) must be at most 5000 characters',
    ],
    [
      'discountRedemptionGuideAr',
      JSON.stringify([{ instruction: 'خ'.repeat(501) }]),
      'A redemption step is at most 500 characters',
    ],
  ])('%s out of bounds → 400 naming it', async (field, value, message) => {
    const res = await submit(form({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    // a step's problem is named by the step, as the English guide's are (`discountRedemptionGuide.0.instruction`)
    const named = field === 'discountRedemptionGuideAr' ? `${field}.0.instruction` : field;
    expect(res.body.errors).toEqual({ [named]: message });
  });
});
