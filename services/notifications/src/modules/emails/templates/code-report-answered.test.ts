import { renderEmail } from '.';

const context = { publicUrl: 'https://tullab.ae/', supportEmail: 'support@tullab.ae' };
const data = {
  firstName: 'Omar',
  offerTitle: '20% off falafel',
  brandName: 'Falafel Co',
  outcome: 'fresh-code',
  message: 'Sorry, the till had an old list.',
};

describe('code-report-answered', () => {
  test('English: the offer, what staff did and their words quoted', () => {
    const email = renderEmail('code-report-answered', data, {}, context, 'en');
    expect(email.subject).toBe('About the Falafel Co code you reported');
    expect(email.text).toContain('Hi Omar,');
    expect(email.text).toContain(
      'Thank you for telling us that the code for "20% off falafel" did not work.',
    );
    expect(email.text).toContain('We have given you a new code for this offer.');
    expect(email.text).toContain('> Sorry, the till had an old list.');
    expect(email.html).toContain('https://tullab.ae/');
  });

  test('Arabic: the same, right to left', () => {
    const email = renderEmail(
      'code-report-answered',
      { ...data, outcome: 'offer-paused' },
      {},
      context,
      'ar',
    );
    expect(email.subject).toBe('بخصوص كود Falafel Co الذي أبلغت عنه');
    expect(email.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(email.text).toContain('مرحباً Omar،');
    expect(email.text).toContain('شكراً لإبلاغنا بأن كود العرض «20% off falafel» لم يعمل.');
    expect(email.text).toContain('أوقفنا هذا العرض مؤقتاً');
    expect(email.text).toContain('> Sorry, the till had an old list.');
  });

  test.each(['answered', 'offer-paused', 'fresh-code'])(
    'each outcome says its own sentence: %s',
    (outcome) => {
      const texts = ['answered', 'offer-paused', 'fresh-code'].map(
        (other) => renderEmail('code-report-answered', { ...data, outcome: other }, {}, context, 'en').text,
      );
      expect(new Set(texts).size).toBe(3);
      expect(() =>
        renderEmail('code-report-answered', { ...data, outcome: 'refunded' }, {}, context, 'en'),
      ).toThrow(/outcome/);
      expect(() =>
        renderEmail('code-report-answered', { ...data, outcome, message: ' ' }, {}, context, 'en'),
      ).toThrow(/message/);
    },
  );
});
