import { randomUUID } from 'node:crypto';
import { ruleText } from '@tullab/contracts';
import { ORIGIN } from '../helpers';
import type { OfferRecord } from './offers';
import { offersJourney } from './offers-journey';

const { stack, admin, visitor, active, unverified, newBrowser, redeem } = offersJourney();

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
    '%s → 400 with the SPEC §5 message on its field, and its rule key (docs/errors.md)',
    async (_label, overrides, withLogo, field, message) => {
      const res = await apply(form(overrides), withLogo);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message,
        code: 'validation_failed',
        errors: { [field]: message },
        keys: { [field]: expect.stringMatching(/^offerRules:/) },
      });
      expect(ruleText(res.body.keys[field])).toBe(message);
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
