import { renderEmail } from '.';

const context = { publicUrl: 'https://tullab.ae/', supportEmail: 'support@tullab.ae' };
const data = {
  contactName: 'Sara Ali',
  brandName: 'Falafel Co',
  offerTitle: '20% off falafel',
  codesLeft: '4',
};

describe('merchant-pool-low', () => {
  test('English: the offer, how many codes are left and the link to the merchant portal', () => {
    const email = renderEmail('merchant-pool-low', data, {}, context, 'en');
    expect(email.subject).toBe('Codes running low: 20% off falafel');
    expect(email.text).toContain('Hi Sara Ali,');
    expect(email.text).toContain('Your Falafel Co offer "20% off falafel" has 4 codes left.');
    expect(email.html).toContain('https://tullab.ae/merchant');
    expect(email.text).toContain('https://tullab.ae/merchant');
  });

  test('an empty pool says students cannot redeem it', () => {
    const email = renderEmail('merchant-pool-low', { ...data, codesLeft: '0' }, {}, context, 'en');
    expect(email.text).toContain('has run out of codes: students cannot redeem it');
    expect(email.text).not.toContain('0 codes left');
  });

  test('Arabic: the same, right to left', () => {
    const email = renderEmail('merchant-pool-low', data, {}, context, 'ar');
    expect(email.subject).toBe('الأكواد على وشك النفاد: 20% off falafel');
    expect(email.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(email.text).toContain('مرحباً Sara Ali،');
    expect(email.text).toContain('تبقّى للعرض «20% off falafel» من Falafel Co عدد 4 من الأكواد فقط.');
    expect(email.text).toContain('افتح بوابة التجّار');
    expect(email.html).toContain('https://tullab.ae/merchant');
  });

  test('refuses a count that is not a whole number', () => {
    expect(() => renderEmail('merchant-pool-low', { ...data, codesLeft: 'many' }, {}, context, 'en')).toThrow(
      /codesLeft/,
    );
  });
});
