import { renderEmail } from '.';

const context = { publicUrl: 'https://tullab.ae/', supportEmail: 'support@tullab.ae' };
const OFFER_ID = '0b7d7c1e-1c1a-4b43-9d53-0d0f2a9e1a11';
const data = {
  firstName: 'Omar',
  offerTitle: '30% off sneakers',
  brandName: 'Kicks',
  expiresAt: '2026-11-28T19:59:00.000Z',
  offerId: OFFER_ID,
};

describe('saved-offer-ending', () => {
  test('English: the offer, when it ends in UAE time, a link to it and why the mail came', () => {
    const email = renderEmail('saved-offer-ending', data, {}, context, 'en');
    expect(email.subject).toBe('Your saved Kicks offer ends soon');
    expect(email.text).toContain('Hi Omar,');
    expect(email.text).toContain(
      'The offer you saved, "30% off sneakers" from Kicks, ends on 28 Nov 2026, 23:59 (UAE time).',
    );
    expect(email.text).toContain(`Open the offer: https://tullab.ae/?offer=${OFFER_ID}`);
    expect(email.text).toContain('because you agreed to offer news by e-mail');
    expect(email.html).toContain(`href="https://tullab.ae/?offer=${OFFER_ID}"`);
  });

  test('Arabic: the same, right to left, the date written in Arabic', () => {
    const email = renderEmail(
      'saved-offer-ending',
      { ...data, offerTitle: 'خصم 30% على الأحذية الرياضية' },
      {},
      context,
      'ar',
    );
    expect(email.subject).toBe('عرض Kicks الذي حفظته ينتهي قريباً');
    expect(email.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(email.text).toContain('مرحباً Omar،');
    expect(email.text).toContain(
      'العرض الذي حفظته، «خصم 30% على الأحذية الرياضية» من Kicks، ينتهي في 28 نوفمبر 2026',
    );
    expect(email.text).toContain('(بتوقيت الإمارات)');
    expect(email.text).toContain(`افتح العرض: https://tullab.ae/?offer=${OFFER_ID}`);
  });

  test('refuses data that is not a time or not an offer id', () => {
    expect(() =>
      renderEmail('saved-offer-ending', { ...data, expiresAt: 'soon' }, {}, context, 'en'),
    ).toThrow(/expiresAt/);
    expect(() =>
      renderEmail('saved-offer-ending', { ...data, offerId: '../admin' }, {}, context, 'en'),
    ).toThrow(/offerId/);
  });
});
