// The mails to students about their account and their verification: what each says, and the codes in them.
import { TemplateInputError, renderEmail, templates } from '.';

const context = { publicUrl: 'https://tullab.ae/', supportEmail: 'support@tullab.ae' };

describe('password-reset-code', () => {
  test('shows the code prominently, says it is valid for 10 minutes and what to do if not asked', () => {
    const email = renderEmail('password-reset-code', {}, { code: '042917' }, context);
    expect(email.subject).toBe('Your Tullab password reset code');
    expect(email.text).toContain('Hello,');
    expect(email.text).toContain('042917');
    expect(email.text).toContain('valid for 10 minutes');
    expect(email.text).toContain('If you did not ask to reset your password, ignore this e-mail');
    expect(email.html).toMatch(/font-size:32px;[^"]*">042917<\/p>/);
  });

  test('refuses a missing or malformed code, and names the field but not the value', () => {
    expect(() => templates['password-reset-code'].validate({}, {})).toThrow(TemplateInputError);
    expect(() => templates['password-reset-code'].validate({}, { code: '12345x' })).toThrow(
      'invalid sealed values: code: must be 6 digits',
    );
    expect(() => templates['password-reset-code'].validate({}, { code: '12345x' })).not.toThrow(/12345x/);
  });
});

describe('password-changed', () => {
  test('confirms the change in UAE time and says how to react if it was not the user', () => {
    const email = renderEmail('password-changed', { changedAt: '2026-11-21T20:30:00Z' }, {}, context);
    expect(email.subject).toBe('Your Tullab password was changed');
    expect(email.text).toContain('Hello,');
    expect(email.text).toContain('22 Nov 2026, 00:30 (UAE time)');
    expect(email.text).toContain(
      'If this was not you, reset your password now at https://tullab.ae/forgot-password',
    );
    expect(email.text).toContain('support@tullab.ae');
    expect(email.html).toContain('href="mailto:support@tullab.ae"');
  });
});

describe('student-email-code', () => {
  const data = { institution: 'Khalifa University' };

  test('shows the code prominently, for the institution, valid for 15 minutes, and what to do if not asked', () => {
    const email = renderEmail('student-email-code', data, { code: '042917' }, context);
    expect(email.subject).toBe('Your Tullab student verification code');
    expect(email.text).toContain('Hello,');
    expect(email.text).toContain('confirm your student e-mail at Khalifa University:\n\n    042917\n');
    expect(email.text).toContain('The code is valid for 15 minutes and can be used once.');
    expect(email.text).toContain('If you did not ask for this code, you can safely ignore this e-mail.');
    expect(email.html).toMatch(/font-size:32px;[^"]*">042917<\/p>/);
  });

  test('takes the code only from the sealed values, never from data', () => {
    const withCodeInData = { ...data, code: '999999' };
    expect(() => templates['student-email-code'].validate(withCodeInData, {})).toThrow(
      'invalid sealed values: code',
    );
    const email = renderEmail('student-email-code', withCodeInData, { code: '042917' }, context);
    expect(email.text).not.toContain('999999');
    expect(email.html).not.toContain('999999');
  });

  test('refuses a malformed code without repeating it', () => {
    const check = (): void => templates['student-email-code'].validate(data, { code: '12345x' });
    expect(check).toThrow('invalid sealed values: code: must be 6 digits');
    expect(check).not.toThrow(/12345x/);
  });
});

describe('verification-document-received', () => {
  test('names the document, promises a review within 24 hours and an e-mail on approval', () => {
    const email = renderEmail('verification-document-received', { documentType: 'Student ID' }, {}, context);
    expect(email.subject).toBe('We received your Tullab verification document');
    expect(email.text).toContain('Hello,');
    expect(email.text).toContain('Thank you for uploading your Student ID.');
    expect(email.text).toContain('within 24 hours (usually 12–24 hours)');
    expect(email.text).toContain('We will e-mail you as soon as your student status is approved.');
    expect(email.text).toContain('See your verification status: https://tullab.ae/dashboard');
    expect(email.html).toContain('href="https://tullab.ae/dashboard"');
  });
});

describe('verification-approved', () => {
  test('says until when the student is verified, that offers are open, and links home', () => {
    const email = renderEmail(
      'verification-approved',
      { firstName: 'Omar', expiresOn: '21 November 2027' },
      {},
      context,
    );
    expect(email.subject).toBe('Your Tullab student status is verified');
    expect(email.text).toContain('your student status is verified until 21 November 2027.');
    expect(email.text).toContain('You can now redeem every student offer on Tullab');
    expect(email.text).toContain('Browse student offers: https://tullab.ae/\n');
    expect(email.html).toContain('href="https://tullab.ae/"');
  });
});

describe('verification-rejected', () => {
  test("quotes the reviewer's reason and shows how to try again and whom to ask", () => {
    const email = renderEmail(
      'verification-rejected',
      { firstName: 'Omar', reason: 'The photo is blurry.\nPlease show the expiry date.' },
      {},
      context,
    );
    expect(email.subject).toBe('Your Tullab student verification was not approved');
    expect(email.text).toContain('> The photo is blurry.\n> Please show the expiry date.');
    expect(email.html).toMatch(
      /<blockquote [^>]*>The photo is blurry\.<br>Please show the expiry date\.<\/blockquote>/,
    );
    expect(email.text).toContain('upload a clearer document, or verify with your university e-mail');
    expect(email.text).toContain('Verify again: https://tullab.ae/student-verification');
    expect(email.html).toContain('href="https://tullab.ae/student-verification"');
    expect(email.text).toContain('Questions? Write to us at support@tullab.ae.');
    expect(email.html).toContain('href="mailto:support@tullab.ae"');
  });
});

describe('verification-expiring', () => {
  test('says when it expires and in how many days, and links to verify again', () => {
    const email = renderEmail(
      'verification-expiring',
      { firstName: 'Omar', expiresOn: '21 November 2027', daysLeft: '28' },
      {},
      context,
    );
    expect(email.subject).toBe('Your Tullab student verification expires in 28 days');
    expect(email.text).toContain('Your student verification expires on 21 November 2027 (in 28 days).');
    expect(email.text).toContain('Verify again: https://tullab.ae/student-verification');
  });

  test('speaks of one day in the singular', () => {
    const email = renderEmail(
      'verification-expiring',
      { expiresOn: '22 November 2027', daysLeft: '1' },
      {},
      context,
    );
    expect(email.subject).toBe('Your Tullab student verification expires in 1 day');
    expect(email.text).toContain('(in 1 day)');
  });
});

describe('verification-expired', () => {
  test('says the verification has expired and links to verify again', () => {
    const email = renderEmail('verification-expired', { firstName: 'Omar' }, {}, context);
    expect(email.subject).toBe('Your Tullab student verification has expired');
    expect(email.text).toContain('Hi Omar,');
    expect(email.text).toContain('Your student verification has expired');
    expect(email.text).toContain('Verify again: https://tullab.ae/student-verification');
    expect(email.html).toContain('href="https://tullab.ae/student-verification"');
  });
});
