import { startedForTests } from '@tullab/testing';
import { PNG, as, startOffers } from './helpers';
import { form, merchantApplications } from './merchant-applications.fixture';

const offers = startedForTests(startOffers);
const { api, submit } = merchantApplications(offers);

describe('POST /merchant-applications', () => {
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
      keys: {
        logoFile: 'offerRules:logoRequired',
        brandName: 'offerRules:brandNameTooShort',
        discountCode: 'offerRules:requiredForType',
        contactName: 'offerRules:contactNameTooShort',
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
});
