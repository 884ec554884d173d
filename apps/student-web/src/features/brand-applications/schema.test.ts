import i18n from 'i18next';
import { validateWith } from '@tullab/web-kit/forms/validate';
import {
  initialMerchantValues,
  merchantApplicationForm,
  toMerchantFormData,
  type MerchantApplicationValues,
} from './schema';
import { webAddress } from '@tullab/web-kit/offer-form/offer-terms';

const validate = validateWith(merchantApplicationForm);
const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

/** A complete, valid discount application. */
const valid = (fields: Partial<MerchantApplicationValues> = {}): MerchantApplicationValues => ({
  ...initialMerchantValues(),
  logoFile: png(),
  brandName: 'Desert Bloom',
  brandCategory: 'beauty',
  businessDescription: 'Natural skincare made in Dubai.',
  discountCode: 'TULLAB15',
  discountValue: '15',
  discountRedemptionGuide: [{ id: 1, step: 1, instruction: 'Enter the code at checkout' }],
  termsAndConditions: 'One use per student. Online only.',
  contactEmail: 'partners@desertbloom.ae',
  contactName: 'Mariam',
  ...fields,
});

describe('merchant application rules (SPEC §5)', () => {
  test('a complete application passes', () => {
    expect(validate(valid())).toBeUndefined();
  });

  test.each<[string, string, string, Partial<MerchantApplicationValues>]>([
    ['no logo', 'logoFile', 'Logo picture is required', { logoFile: undefined }],
    [
      'a GIF logo',
      'logoFile',
      'Logo must be a PNG, JPEG or WebP image',
      { logoFile: new File(['x'], 'a.gif', { type: 'image/gif' }) },
    ],
    ['a logo over 2 MB', 'logoFile', 'Logo must be at most 2 MB', { logoFile: png(2 * 1024 * 1024 + 1) }],
    ['a one-letter brand', 'brandName', 'Brand name must be at least 2 characters', { brandName: ' B ' }],
    ['no category', 'brandCategory', 'Please select a category', { brandCategory: undefined }],
    [
      'a short description',
      'businessDescription',
      'Business description must be at least 10 characters',
      { businessDescription: 'Skincare' },
    ],
    ['no offer type', 'offerType', 'Please select an offer type', { offerType: undefined }],
    ['a bad website', 'websiteLink', 'Please enter a valid website URL', { websiteLink: 'not a site' }],
    [
      'no steps',
      'discountRedemptionGuide',
      'At least one redemption step is required',
      { discountRedemptionGuide: [] },
    ],
    [
      'an empty step',
      'discountRedemptionGuide.0.instruction',
      'Each redemption step needs an instruction',
      { discountRedemptionGuide: [{ id: 1, step: 1, instruction: ' ' }] },
    ],
    [
      'short terms',
      'termsAndConditions',
      'Please provide terms and conditions',
      { termsAndConditions: 'Terms' },
    ],
    ['a bad email', 'contactEmail', 'Please enter a valid email address', { contactEmail: 'partners@' }],
    [
      'a one-letter contact',
      'contactName',
      'Contact name must be at least 2 characters',
      { contactName: 'M' },
    ],
    [
      'a code with spaces',
      'discountCode',
      'Codes use letters, digits and symbols, without spaces',
      { discountCode: 'TULLAB 15' },
    ],
    ['a short phone', 'contactPhone', 'Please enter a valid phone number', { contactPhone: '050 123' }],
    ['a bad phone', 'contactPhone', 'Please enter a valid phone number', { contactPhone: 'call me' }],
    [
      'a discount without a value',
      'discountValue',
      'Please fill in all required fields',
      { discountValue: undefined },
    ],
    ['a zero value', 'discountValue', 'The discount value must be more than 0', { discountValue: '0' }],
    [
      'a percentage over 100',
      'discountValue',
      'A percentage discount is at most 100',
      { discountValue: '120' },
    ],
    [
      'a discount without a code',
      'discountCode',
      'Please fill in all required fields for your selected offer type',
      { discountCode: ' ' },
    ],
    [
      'a discount without a type',
      'discountType',
      'Please fill in all required fields for your selected offer type',
      { discountType: undefined },
    ],
    [
      'a referral without a link',
      'referralLink',
      'Please fill in all required fields for your selected offer type',
      { offerType: 'referral' },
    ],
    [
      'a referral with a bad link',
      'referralLink',
      'Please enter a valid referral link',
      { offerType: 'referral', referralLink: 'javascript:alert(1)' },
    ],
    ['an expiry without a date', 'expiryDate', 'Please fill in all required fields', { hasExpiry: true }],
    [
      'an expiry in the past',
      'expiryDate',
      'The expiry date must be in the future',
      { hasExpiry: true, expiryDate: '2000-01-01' },
    ],
  ])('%s: %s says "%s"', (_case, field, message, fields) => {
    expect(validate(valid(fields))?.[field]).toBe(message);
  });

  test('an expiry date of today is accepted: the offer runs to the end of that day', () => {
    const today = new Date().toLocaleDateString('en-CA');
    expect(validate(valid({ hasExpiry: true, expiryDate: today }))).toBeUndefined();
  });

  test('free shipping needs no value; a referral needs no code, type or value', () => {
    expect(validate(valid({ discountType: 'free_shipping', discountValue: undefined }))).toBeUndefined();
    expect(
      validate(
        valid({
          offerType: 'referral',
          referralLink: 'brand.ae/students',
          discountCode: undefined,
          discountType: undefined,
          discountValue: undefined,
        }),
      ),
    ).toBeUndefined();
  });

  test('the offer-type rules are reported together with the other problems', () => {
    const errors = validate(valid({ logoFile: undefined, brandName: undefined, discountCode: undefined }));
    expect(errors).toMatchObject({
      logoFile: 'Logo picture is required',
      brandName: 'Brand name must be at least 2 characters',
      discountCode: 'Please fill in all required fields for your selected offer type',
    });
  });
});

describe('webAddress', () => {
  test('adds https:// when left out and refuses what is not a web address', () => {
    expect(webAddress(' desertbloom.ae/shop ')).toBe('https://desertbloom.ae/shop');
    expect(webAddress('http://desertbloom.ae')).toBe('http://desertbloom.ae/');
    expect(webAddress('ftp://desertbloom.ae')).toBeNull();
    expect(webAddress('localhost')).toBeNull();
  });
});

describe('toMerchantFormData', () => {
  test('a discount application sends its fields, the logo as logoFile and the guide as JSON numbered from 1', () => {
    const logo = png();
    const form = toMerchantFormData(
      valid({
        logoFile: logo,
        websiteLink: 'desertbloom.ae',
        referralLink: 'https://left.over/from-switching',
        discountRedemptionGuide: [
          { id: 8, step: 3, instruction: ' Add to basket ' },
          { id: 9, step: 7, instruction: 'Enter the code' },
        ],
        contactPhone: '+971 50 123 4567',
      }),
    );
    expect(form.get('logoFile')).toBe(logo);
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'logoFile'))).toEqual({
      brandName: 'Desert Bloom',
      brandCategory: 'beauty',
      businessDescription: 'Natural skincare made in Dubai.',
      offerType: 'discount',
      discountCode: 'TULLAB15',
      discountType: 'percentage',
      discountValue: '15',
      hasExpiry: 'false',
      websiteLink: 'https://desertbloom.ae/',
      discountRedemptionGuide: JSON.stringify([
        { step: 1, instruction: 'Add to basket' },
        { step: 2, instruction: 'Enter the code' },
      ]),
      termsAndConditions: 'One use per student. Online only.',
      contactEmail: 'partners@desertbloom.ae',
      contactName: 'Mariam',
      contactPhone: '+971 50 123 4567',
    });
  });

  test('a referral application sends the link and none of the discount fields; an expiry sends its date', () => {
    const form = toMerchantFormData(
      valid({
        offerType: 'referral',
        referralLink: 'brand.ae/students',
        hasExpiry: true,
        expiryDate: '2030-06-30',
      }),
    );
    expect(form.get('referralLink')).toBe('https://brand.ae/students');
    expect(form.has('discountCode')).toBe(false);
    expect(form.has('discountType')).toBe(false);
    expect(form.has('discountValue')).toBe(false);
    expect(form.get('hasExpiry')).toBe('true');
    expect(form.get('expiryDate')).toBe('2030-06-30');
  });
});

describe('the optional Arabic texts (issue 12)', () => {
  test('may be left out; once given, they follow their English field’s minimum', () => {
    expect(validate(valid({ businessDescriptionAr: ' ', termsAndConditionsAr: '' }))).toBeUndefined();
    expect(validate(valid({ businessDescriptionAr: 'عناية', termsAndConditionsAr: 'شروط' }))).toEqual({
      businessDescriptionAr: 'Business description (Arabic) must be at least 10 characters',
      termsAndConditionsAr: 'Terms and conditions (Arabic) must be at least 10 characters',
    });
  });

  test('are sent only when filled, the Arabic guide without its blank steps, numbered from 1', () => {
    expect([...toMerchantFormData(valid()).keys()].filter((key) => key.endsWith('Ar'))).toEqual([]);
    const form = toMerchantFormData(
      valid({
        businessDescriptionAr: ' منتجات عناية طبيعية من دبي ',
        discountRedemptionGuideAr: [
          { id: 1, step: 1, instruction: ' ' },
          { id: 2, step: 2, instruction: 'أدخل الكود عند الدفع' },
        ],
        termsAndConditionsAr: 'استخدام واحد لكل طالب، عبر الإنترنت فقط.',
      }),
    );
    expect(form.get('businessDescriptionAr')).toBe('منتجات عناية طبيعية من دبي');
    expect(form.get('discountRedemptionGuideAr')).toBe(
      JSON.stringify([{ step: 1, instruction: 'أدخل الكود عند الدفع' }]),
    );
    expect(form.get('termsAndConditionsAr')).toBe('استخدام واحد لكل طالب، عبر الإنترنت فقط.');
  });

  test('the messages are in Arabic on an Arabic page', async () => {
    await i18n.changeLanguage('ar');
    expect(validate(valid({ brandName: 'B', businessDescriptionAr: 'قصير' }))).toEqual({
      brandName: 'يجب أن يتكوّن اسم العلامة التجارية من حرفين على الأقل',
      businessDescriptionAr: 'يجب أن يتكوّن وصف النشاط التجاري بالعربية من 10 أحرف على الأقل',
    });
  });
});
