import { renderEmail } from '.';

const context = { publicUrl: 'https://tullab.ae/', supportEmail: 'support@tullab.ae' };
const data = { contactName: 'Sara Ali', brandName: 'Falafel Co', offerTitle: '20% off falafel' };

describe('offer-proposal-decided', () => {
  test('approved (English): names the offer and the brand, links to the merchant area', () => {
    const email = renderEmail('offer-proposal-decided', { ...data, approved: 'true' }, {}, context, 'en');
    expect(email.subject).toBe('Your proposed offer is approved');
    expect(email.text).toContain('Hi Sara Ali,');
    expect(email.text).toContain('our team approved the offer "20% off falafel" that Falafel Co proposed.');
    expect(email.text).toContain('Open your merchant area: https://tullab.ae/merchant');
    expect(email.text).not.toContain('> ');
  });

  test('rejected (English): quotes the reason', () => {
    const reason = 'The discount value is missing.';
    const email = renderEmail(
      'offer-proposal-decided',
      { ...data, approved: 'false', reason },
      {},
      context,
      'en',
    );
    expect(email.subject).toBe('An update on your proposed offer');
    expect(email.text).toContain('Our team cannot accept it as it stands');
    expect(email.text).toContain(`> ${reason}`);
    expect(email.html).toContain(`${reason}</blockquote>`);
  });

  test('Arabic: both decisions right to left, the reason quoted as written', () => {
    const approved = renderEmail('offer-proposal-decided', { ...data, approved: 'true' }, {}, context, 'ar');
    expect(approved.subject).toBe('تمت الموافقة على العرض الذي اقترحته');
    expect(approved.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(approved.text).toContain('مرحباً Sara Ali،');
    const rejected = renderEmail(
      'offer-proposal-decided',
      { ...data, approved: 'false', reason: 'Please add the expiry date.' },
      {},
      context,
      'ar',
    );
    expect(rejected.subject).toBe('مستجدات العرض الذي اقترحته');
    expect(rejected.text).toContain('لا يمكن لفريقنا قبوله بصيغته الحالية');
    expect(rejected.text).toContain('> Please add the expiry date.');
  });

  test('a decision that is not a boolean, or a blank reason, is refused', () => {
    expect(() =>
      renderEmail('offer-proposal-decided', { ...data, approved: 'maybe' }, {}, context, 'en'),
    ).toThrow(/approved/);
    expect(() =>
      renderEmail('offer-proposal-decided', { ...data, approved: 'false', reason: ' ' }, {}, context, 'en'),
    ).toThrow(/reason/);
  });
});
