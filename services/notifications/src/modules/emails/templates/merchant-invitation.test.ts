import { TemplateInputError, renderEmail, templates } from '.';

const context = { publicUrl: 'https://tullab.ae/', supportEmail: 'support@tullab.ae' };
const TOKEN = 'q3Zk9vXbT0yR7mWc2LpA8sFh5JdN1eUoGi4KtYxBwV6';
const data = { firstName: 'Sara', brandName: 'Falafel Co', expiresHours: '72' };
const acceptUrl = `https://tullab.ae/merchant/accept-invitation?token=${TOKEN}`;

describe('merchant-invitation', () => {
  test("English, the brand's approval: the brand, the link with the token, valid for 72 hours and once", () => {
    const email = renderEmail('merchant-invitation', data, { token: TOKEN }, context, 'en');
    expect(email.subject).toBe('Set up your Falafel Co account on Tullab');
    expect(email.text).toContain('Hi Sara,');
    expect(email.text).toContain(
      'Falafel Co is now a Tullab partner. You are invited to its merchant account',
    );
    expect(email.text).toContain(`Set your password: ${acceptUrl}\n`);
    expect(email.html).toContain(`href="${acceptUrl}"`);
    expect(email.text).toContain('The link is valid for 72 hours and can be used once.');
    expect(email.text).toContain('support@tullab.ae');
  });

  test('a colleague invited them: says who', () => {
    const email = renderEmail(
      'merchant-invitation',
      { ...data, invitedBy: 'Omar Saleh' },
      { token: TOKEN },
      context,
      'en',
    );
    expect(email.text).toContain('Omar Saleh invited you to the Falafel Co merchant account on Tullab');
    expect(email.text).not.toContain('is now a Tullab partner');
  });

  test('Arabic: the same, right to left, with the same link', () => {
    const email = renderEmail('merchant-invitation', data, { token: TOKEN }, context, 'ar');
    expect(email.subject).toBe('أنشئ حساب Falafel Co على Tullab');
    expect(email.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(email.text).toContain('مرحباً Sara،');
    expect(email.text).toContain('الرابط صالح لمدة 72 ساعة، ويمكن استخدامه مرة واحدة فقط.');
    expect(email.text).toContain(acceptUrl);
    expect(email.html).toContain(`href="${acceptUrl}"`);
  });

  test('takes the token only from the sealed values, and refuses a malformed one without repeating it', () => {
    expect(() => templates['merchant-invitation'].validate({ ...data, token: TOKEN }, {})).toThrow(
      'invalid sealed values: token',
    );
    const check = (): void => templates['merchant-invitation'].validate(data, { token: 'short"><b>x</b>' });
    expect(check).toThrow(TemplateInputError);
    expect(check).toThrow('invalid sealed values: token: must be a base64url token');
    expect(check).not.toThrow(/short/);
  });

  test('refuses data without a brand or with a validity that is not a whole number of hours', () => {
    const { brandName: _brand, ...noBrand } = data;
    expect(() => templates['merchant-invitation'].validate(noBrand, { token: TOKEN })).toThrow(/brandName/);
    expect(() =>
      templates['merchant-invitation'].validate({ ...data, expiresHours: '3 days' }, { token: TOKEN }),
    ).toThrow(/expiresHours/);
  });
});
