import request from 'supertest';
import { logoStore } from '../src/modules/logos/store';
import {
  SUPPORT_EMAIL,
  PNG,
  activeStudent,
  as,
  randomIp,
  staff,
  startOffers,
  type TestOffers,
} from './helpers';

let offers: TestOffers;
const api = () => request(offers.url);

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

/** A complete, valid application as the /for-merchants form sends it. */
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
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
}

function submit(
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string } | null = { bytes: PNG, name: 'logo.png' },
) {
  const req = api().post('/merchant-applications').set(as(null));
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  return file ? req.attach('logoFile', file.bytes, file.name) : req;
}

async function submitted(fields = form()): Promise<string> {
  const res = await submit(fields);
  if (res.status !== 201) throw new Error(`not submitted: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

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

  test.each([
    ['no logo', {}, null, 'logoFile', 'Logo picture is required'],
    [
      'a short brand name',
      { brandName: 'F' },
      undefined,
      'brandName',
      'Brand name must be at least 2 characters',
    ],
    ['no category', { brandCategory: '' }, undefined, 'brandCategory', 'Please select a category'],
    ['"all" as category', { brandCategory: 'all' }, undefined, 'brandCategory', 'Please select a category'],
    [
      'a short description',
      { businessDescription: 'Coffee' },
      undefined,
      'businessDescription',
      'Business description must be at least 10 characters',
    ],
    ['no offer type', { offerType: undefined }, undefined, 'offerType', 'Please select an offer type'],
    [
      'a bad website',
      { websiteLink: 'falaj dot com' },
      undefined,
      'websiteLink',
      'Please enter a valid website URL',
    ],
    [
      'no redemption step',
      { discountRedemptionGuide: '[]' },
      undefined,
      'discountRedemptionGuide',
      'At least one redemption step is required',
    ],
    [
      'a guide that is not JSON',
      { discountRedemptionGuide: 'step one' },
      undefined,
      'discountRedemptionGuide',
      'At least one redemption step is required',
    ],
    [
      'an empty step',
      { discountRedemptionGuide: JSON.stringify([{ id: 'a', step: 1, instruction: ' ' }]) },
      undefined,
      'discountRedemptionGuide.0.instruction',
      'Each redemption step needs an instruction',
    ],
    [
      'short terms',
      { termsAndConditions: 'Students' },
      undefined,
      'termsAndConditions',
      'Please provide terms and conditions',
    ],
    [
      'a bad contact e-mail',
      { contactEmail: 'owner@' },
      undefined,
      'contactEmail',
      'Please enter a valid email address',
    ],
    [
      'a short contact name',
      { contactName: 'M' },
      undefined,
      'contactName',
      'Contact name must be at least 2 characters',
    ],
    [
      'a discount without value',
      { discountValue: '' },
      undefined,
      'discountValue',
      'Please fill in all required fields',
    ],
    [
      'an expiry without date',
      { hasExpiry: 'true' },
      undefined,
      'expiryDate',
      'Please fill in all required fields',
    ],
    [
      'a discount without code',
      { discountCode: '' },
      undefined,
      'discountCode',
      'Please fill in all required fields for your selected offer type',
    ],
    [
      'a referral without link',
      { offerType: 'referral', referralLink: '' },
      undefined,
      'referralLink',
      'Please fill in all required fields for your selected offer type',
    ],
  ])('%s → 400 with the SPEC message on the field', async (_label, overrides, file, field, message) => {
    const res = await submit(
      form(overrides as Record<string, string | undefined>),
      file === null ? null : undefined,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual({ [field]: message });
  });

  test("with several problems, the message is the topmost field's and every field is named", async () => {
    const res = await submit(form({ contactName: 'M', discountCode: '', brandName: 'F' }), null);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Logo picture is required',
      code: 'validation_failed',
      errors: {
        logoFile: 'Logo picture is required',
        brandName: 'Brand name must be at least 2 characters',
        discountCode: 'Please fill in all required fields for your selected offer type',
        contactName: 'Contact name must be at least 2 characters',
      },
    });
  });

  test('a logo that is not a PNG, JPEG or WebP (by its bytes and name) → 415; over 2 MB → 413; nothing stored', async () => {
    const before = await offers.sql('select id from merchant_application');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    for (const file of [
      { bytes: gif, name: 'logo.png' },
      { bytes: PNG, name: 'logo.pdf' },
    ]) {
      const res = await submit(form(), file);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        message: 'Logo must be a PNG, JPEG or WebP image',
        code: 'file_type_not_allowed',
        errors: { logoFile: 'Logo must be a PNG, JPEG or WebP image' },
      });
    }
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await submit(form(), { bytes: big, name: 'logo.png' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Logo must be at most 2 MB');
    expect(await offers.sql('select id from merchant_application')).toEqual(before);
  });

  test('two files, a file under another name, a broken form, or JSON without a logo → 400, never 500', async () => {
    const two = await api()
      .post('/merchant-applications')
      .set(as(null))
      .attach('logoFile', PNG, 'a.png')
      .attach('logoFile', PNG, 'b.png');
    expect(two.status).toBe(400);
    const elsewhere = await api()
      .post('/merchant-applications')
      .set(as(null))
      .attach('document', PNG, 'a.png');
    expect(elsewhere.status).toBe(400);
    const json = await api().post('/merchant-applications').set(as(null)).send(form());
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Logo picture is required');
    const broken = await api()
      .post('/merchant-applications')
      .set(as(null))
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="brandName"\r\n\r\nFal');
    expect(broken.status).toBe(400);
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

describe('/admin/merchant-applications', () => {
  test('is for staff: a visitor → 401, a student → 403', async () => {
    const id = await submitted();
    for (const [caller, status] of [
      [as(null), 401],
      [activeStudent(), 403],
    ] as const) {
      expect((await api().get('/admin/merchant-applications').set(caller)).status).toBe(status);
      expect((await api().get(`/admin/merchant-applications/${id}`).set(caller)).status).toBe(status);
      expect((await api().get(`/admin/merchant-applications/${id}/logo`).set(caller)).status).toBe(status);
      expect(
        (await api().post(`/admin/merchant-applications/${id}/approve`).set(caller).send({})).status,
      ).toBe(status);
      expect(
        (await api().post(`/admin/merchant-applications/${id}/reject`).set(caller).send({ reason: 'No' }))
          .status,
      ).toBe(status);
      expect((await api().get('/admin/offer-audit-log').set(caller)).status).toBe(status);
    }
  });

  test('staff list pending applications with Content-Range, see one and its logo', async () => {
    const id = await submitted(form({ brandName: 'Listable Brand' }));
    const list = await api()
      .get('/admin/merchant-applications')
      .query({ filter: JSON.stringify({ status: ['pending'], q: 'listable' }) })
      .set(staff());
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('merchant-applications 0-0/1');
    expect(list.body[0]).toMatchObject({ id, status: 'pending', brandName: 'Listable Brand' });
    expect(list.body[0]).not.toHaveProperty('logoKey');
    const show = await api().get(`/admin/merchant-applications/${id}`).set(staff());
    expect(show.body).toMatchObject({ id, logoUrl: `/api/admin/merchant-applications/${id}/logo` });
    const logo = await api().get(`/admin/merchant-applications/${id}/logo`).set(staff());
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('private, no-store');
  });

  test('approving as live creates the offer, which appears in GET /offers; the applicant is told; it is audited', async () => {
    const id = await submitted(form({ brandName: 'Approved Brand', contactEmail: 'approved@brand.example' }));
    const before = await api().get('/offers').set(as(null));
    const res = await api()
      .post(`/admin/merchant-applications/${id}/approve`)
      .set(staff())
      .send({ status: 'live' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      status: 'approved',
      offerId: expect.any(String),
      decidedBy: expect.any(String),
    });

    const after = await api().get('/offers').set(as(null)).set('If-None-Match', before.headers.etag);
    expect(after.status).toBe(200);
    const offer = after.body.find((o: { id: string }) => o.id === res.body.offerId);
    expect(offer).toMatchObject({
      title: '15% off for students',
      brandName: 'Approved Brand',
      businessCategory: 'other',
      offerType: 'discount',
      discountType: 'percentage',
      discountValue: 15,
      logoUrl: `/api/offers/${res.body.offerId}/logo?v=1`,
    });
    expect(offer).not.toHaveProperty('code');
    expect((await api().get(`/offers/${offer.id}`).set(as(null))).body).toMatchObject({
      websiteLink: 'https://falaj.example',
    });
    expect((await api().get(offer.logoUrl.replace('/api', '')).set(as(null))).status).toBe(200);
    expect((await api().post(`/offers/${offer.id}/redeem`).set(activeStudent())).body).toEqual({
      code: 'FALAJ15',
    });

    const mails = await offers.mails('approved@brand.example');
    expect(mails.map((mail) => mail.payload.template)).toEqual([
      'merchant-application-received',
      'merchant-application-approved',
    ]);
    const audit = await offers.sql<Record<string, unknown>>(
      'select action, resource, from_status, to_status, reason from audit_log where resource_id = ?',
      [id],
    );
    expect(audit).toEqual([
      {
        action: 'approve',
        resource: 'merchant-applications',
        from_status: 'pending',
        to_status: 'approved',
        reason: null,
      },
    ]);
  });

  test('approving without a status makes a draft, not in the catalogue', async () => {
    const id = await submitted();
    const res = await api().post(`/admin/merchant-applications/${id}/approve`).set(staff()).send({});
    const offer = await api().get(`/admin/offers/${res.body.offerId}`).set(staff());
    expect(offer.body).toMatchObject({ status: 'draft', code: 'FALAJ15', merchantApplicationId: id });
    const listed = (await api().get('/offers').set(as(null))).body.map((o: { id: string }) => o.id);
    expect(listed).not.toContain(res.body.offerId);
  });

  test('rejecting needs a reason, which is e-mailed and audited; a second decision → 409', async () => {
    const id = await submitted(form({ contactEmail: 'rejected@brand.example' }));
    const noReason = await api().post(`/admin/merchant-applications/${id}/reject`).set(staff()).send({});
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: 'Please give a reason' });

    const res = await api()
      .post(`/admin/merchant-applications/${id}/reject`)
      .set(staff())
      .send({ reason: 'We only list brands with a UAE trade licence.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'rejected',
      reason: 'We only list brands with a UAE trade licence.',
      offerId: null,
    });
    const [, rejected] = await offers.mails('rejected@brand.example');
    expect(rejected.payload).toEqual({
      to: 'rejected@brand.example',
      template: 'merchant-application-rejected',
      data: {
        contactName: 'Mariam Al Ali',
        brandName: 'Falaj Coffee',
        reason: 'We only list brands with a UAE trade licence.',
      },
      language: 'en',
    });

    const again = await api().post(`/admin/merchant-applications/${id}/approve`).set(staff()).send({});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'This application was already reviewed',
      code: 'already_reviewed',
    });
    expect(
      (await api().post(`/admin/merchant-applications/${id}/reject`).set(staff()).send({ reason: 'Again' }))
        .status,
    ).toBe(409);

    const audit = await api()
      .get('/admin/offer-audit-log')
      .query({ filter: JSON.stringify({ resourceId: id }) })
      .set(staff());
    expect(audit.headers['content-range']).toBe('offer-audit-log 0-0/1');
    expect(audit.body[0]).toMatchObject({
      action: 'reject',
      resource: 'merchant-applications',
      fromStatus: 'pending',
      toStatus: 'rejected',
      reason: 'We only list brands with a UAE trade licence.',
    });
    expect(await offers.sql('select id from offer where merchant_application_id = ?', [id])).toEqual([]);
  });

  test('two staff approving at once: one offer, one 409', async () => {
    const id = await submitted();
    const answers = await Promise.all(
      [0, 1].map(() => api().post(`/admin/merchant-applications/${id}/approve`).set(staff()).send({})),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await offers.sql('select id from offer where merchant_application_id = ?', [id])).toHaveLength(1);
    expect(await offers.sql('select id from audit_log where resource_id = ?', [id])).toHaveLength(1);
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
