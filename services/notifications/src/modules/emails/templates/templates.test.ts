import { emailTemplates } from '@tullab/contracts';
import { BRAND_GREEN, FOOTER_TEXT, escapeHtml } from './layout';
import { TemplateInputError, renderEmail, templates } from '.';

const context = { publicUrl: 'https://tullab.ae/', supportEmail: 'support@tullab.ae' };
const INVITATION_TOKEN = 'q3Zk9vXbT0yR7mWc2LpA8sFh5JdN1eUoGi4KtYxBwV6';

describe('the template registry', () => {
  test('has a template for every e-mail the events package knows', () => {
    expect(Object.keys(templates).sort()).toEqual([...emailTemplates].sort());
  });

  test.each([
    ['password-reset-code', {}, { code: '042917' }],
    ['password-changed', {}, {}],
    [
      'contact-message',
      { firstName: 'Sara', lastName: 'Ali', email: 'sara@x.ae', message: 'Hello there, friends' },
      {},
    ],
    ['student-email-code', { institution: 'Khalifa University' }, { code: '042917' }],
    ['verification-document-received', { documentType: 'Student ID' }, {}],
    ['verification-approved', { expiresOn: '21 November 2027' }, {}],
    ['verification-rejected', { reason: 'The photo is blurry.' }, {}],
    ['verification-expiring', { expiresOn: '21 November 2027', daysLeft: '7' }, {}],
    ['verification-expired', {}, {}],
    ['merchant-application-received', { contactName: 'Sara Ali', brandName: 'Falafel Co' }, {}],
    ['merchant-application-approved', { contactName: 'Sara Ali', brandName: 'Falafel Co' }, {}],
    [
      'merchant-application-rejected',
      { contactName: 'Sara Ali', brandName: 'Falafel Co', reason: 'The discount code is missing.' },
      {},
    ],
    ['staff-invitation', { role: 'staff', invitedBy: 'Sara Ali' }, { token: INVITATION_TOKEN }],
    [
      'merchant-invitation',
      { firstName: 'Sara', brandName: 'Falafel Co', expiresHours: '72' },
      { token: INVITATION_TOKEN },
    ],
    ['staff-second-factor-enrolled', { enrolledAt: '2026-11-21T20:30:00.000Z' }, {}],
    ['staff-second-factor-reset', { resetAt: '2026-11-21T20:30:00.000Z' }, {}],
    ['staff-alert', { title: 'New document to review', message: 'A student uploaded a document.' }, {}],
  ] as const)('%s renders a subject, a text and an HTML body in the Tullab layout', (name, data, secrets) => {
    const email = renderEmail(name, { ...data }, { ...secrets }, context);
    expect(email.subject).not.toBe('');
    expect(email.text).toContain(FOOTER_TEXT);
    expect(email.html).toContain(BRAND_GREEN);
    expect(email.html).toContain('>Tullab<');
    expect(email.html).toContain(escapeHtml(FOOTER_TEXT));
    expect(email.html).toMatch(/^<!doctype html>\n<html lang="en"/);
    expect(email.html).toContain('<h1 ');
  });
});

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

describe('contact-message', () => {
  const data = {
    firstName: 'Sara<script>',
    lastName: 'Al "Mansoori"\r\nBcc: x@evil.test',
    email: 'sara@student.ae',
    message: "Line one & <b>two</b>\nLine 'three'",
  };

  test('escapes every value in HTML and keeps the subject on one line', () => {
    const email = renderEmail('contact-message', data, {}, context);
    expect(email.subject).toBe('New contact message from Sara<script> Al "Mansoori" Bcc: x@evil.test');
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>two</b>');
    expect(email.html).toContain('Sara&lt;script&gt;');
    expect(email.html).toContain('Line one &amp; &lt;b&gt;two&lt;/b&gt;<br>Line &#39;three&#39;');
    expect(email.text).toContain("Line one & <b>two</b>\nLine 'three'");
  });
});

/** Untrusted text as a producer might pass it on: markup, quotes, an ampersand and a header injection attempt. */
const hostile = `<b>"Tom & Jerry's"</b>\r\nBcc: x@evil.test`;
const hostileEscaped = '&lt;b&gt;&quot;Tom &amp; Jerry&#39;s&quot;&lt;/b&gt;';

describe('every value shown comes from untrusted data', () => {
  test.each([
    ['student-email-code', { institution: hostile }, { code: '042917' }],
    ['verification-document-received', { documentType: hostile }, {}],
    ['verification-approved', { firstName: hostile, expiresOn: hostile }, {}],
    ['verification-rejected', { firstName: hostile, reason: hostile }, {}],
    ['verification-expiring', { firstName: hostile, expiresOn: hostile, daysLeft: '7' }, {}],
    ['verification-expired', { firstName: hostile }, {}],
    ['merchant-application-approved', { contactName: hostile, brandName: hostile }, {}],
    ['merchant-application-rejected', { contactName: hostile, brandName: hostile, reason: hostile }, {}],
    [
      'staff-invitation',
      { firstName: hostile, role: 'admin', invitedBy: hostile },
      { token: INVITATION_TOKEN },
    ],
    ['staff-alert', { title: hostile, message: hostile, actionPath: '/admin#/x"><b>y</b>' }, {}],
    ['staff-second-factor-enrolled', { firstName: hostile, enrolledAt: '2026-11-21T20:30:00Z' }, {}],
    ['staff-second-factor-reset', { firstName: hostile, resetAt: '2026-11-21T20:30:00Z' }, {}],
  ] as const)(
    '%s escapes it in HTML, keeps it in text and the subject on one line',
    (name, data, secrets) => {
      const email = renderEmail(name, { ...data }, { ...secrets }, context);
      expect(email.subject).not.toMatch(/[\r\n]/);
      expect(email.html).not.toContain('<b>');
      expect(email.html).toContain(hostileEscaped);
      expect(email.text).toContain(`<b>"Tom & Jerry's"</b>`);
    },
  );

  test('a data value made of several lines becomes one line in a subject and in a sentence', () => {
    const email = renderEmail(
      'merchant-application-approved',
      { contactName: 'Sara', brandName: 'Falafel\r\nBcc: x@evil.test' },
      {},
      context,
    );
    expect(email.text).toContain('we approved the application for Falafel Bcc: x@evil.test.');
  });
});

describe('no mail relay: what a visitor or an unverified account can have sent to any address carries nothing they typed', () => {
  // Producers may still pass such fields (an older event in the outbox): the templates drop them.
  const typed = {
    firstName: 'Visit evil.example',
    contactName: 'Visit evil.example',
    brandName: 'evil.example',
  };
  test.each([
    ['merchant-application-received', {}, {}],
    ['password-reset-code', {}, { code: '042917' }],
    ['student-email-code', { institution: 'Khalifa University' }, { code: '042917' }],
    ['verification-document-received', { documentType: 'Student ID' }, {}],
    ['password-changed', {}, {}],
  ] as const)('%s', (name, data, secrets) => {
    const email = renderEmail(name, { ...typed, ...data }, { ...secrets }, context);
    for (const part of [email.subject, email.text, email.html]) expect(part).not.toContain('evil.example');
  });

  test('decisions on a merchant application keep the brand out of the subject', () => {
    const brand = { contactName: 'Sara', brandName: 'evil.example', reason: 'Not a brand.' };
    for (const name of ['merchant-application-approved', 'merchant-application-rejected'] as const)
      expect(renderEmail(name, brand, {}, context).subject).not.toContain('evil.example');
  });
});

describe('templates refuse data they cannot show, naming the field but not the value', () => {
  test.each([
    ['student-email-code', {}, { code: '042917' }, 'invalid data: institution'],
    ['verification-document-received', { documentType: ' \n ' }, {}, 'invalid data: documentType'],
    [
      'verification-approved',
      { firstName: 'x'.repeat(101), expiresOn: '21 November 2027' },
      {},
      'invalid data: firstName',
    ],
    ['verification-rejected', { reason: '   ' }, {}, 'invalid data: reason'],
    [
      'verification-expiring',
      { expiresOn: '21 November 2027', daysLeft: 'seven' },
      {},
      'invalid data: daysLeft',
    ],
    ['verification-expiring', { expiresOn: '21 November 2027', daysLeft: '0' }, {}, 'invalid data: daysLeft'],
    ['merchant-application-approved', { brandName: 'Falafel Co' }, {}, 'invalid data: contactName'],
    [
      'merchant-application-rejected',
      { contactName: 'Sara Ali', brandName: 'Falafel Co' },
      {},
      'invalid data: reason',
    ],
    ['staff-alert', { message: 'Something happened' }, {}, 'invalid data: title'],
    [
      'staff-alert',
      { title: 'Alert', message: 'm', actionPath: 'https://evil.test/x' },
      {},
      'invalid data: actionPath',
    ],
    [
      'staff-alert',
      { title: 'Alert', message: 'm', actionPath: '//evil.test/x' },
      {},
      'invalid data: actionPath',
    ],
    [
      'staff-alert',
      { title: 'Alert', message: 'm', actionPath: '/admin\r\nx' },
      {},
      'invalid data: actionPath',
    ],
    [
      'staff-invitation',
      { role: 'owner', invitedBy: 'Sara Ali' },
      { token: INVITATION_TOKEN },
      'invalid data: role',
    ],
    [
      'staff-invitation',
      { role: 'staff', invitedBy: ' \n ' },
      { token: INVITATION_TOKEN },
      'invalid data: invitedBy',
    ],
    ['staff-second-factor-enrolled', { firstName: 'Mariam' }, {}, 'invalid data: enrolledAt'],
    ['staff-second-factor-enrolled', { enrolledAt: 'last Tuesday' }, {}, 'invalid data: enrolledAt'],
    ['staff-second-factor-reset', { resetAt: '21 November 2026' }, {}, 'invalid data: resetAt'],
  ] as const)('%s with %j', (name, data, secrets, problem) => {
    const check = (): void => templates[name].validate({ ...data }, { ...secrets });
    expect(check).toThrow(TemplateInputError);
    expect(check).toThrow(problem);
    for (const value of Object.values(data).filter((v) => v.trim().length > 2)) {
      expect(check).not.toThrow(value);
    }
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

describe('merchant applications', () => {
  const brand = { contactName: 'Sara Ali', brandName: 'Falafel Co' };

  test('received: thanks the applicant and says a review follows, and what to do if they did not apply', () => {
    const email = renderEmail('merchant-application-received', {}, {}, context);
    expect(email.subject).toBe('We received your Tullab merchant application');
    expect(email.text).toContain('Hello,');
    expect(email.text).toContain(
      'Thank you for applying to bring your brand to students across the UAE on Tullab.',
    );
    expect(email.text).toContain('If you did not apply, someone typed your address by mistake');
    expect(email.text).toContain('will review your offer');
    expect(email.text).toContain('support@tullab.ae');
  });

  test('approved: says the offer is being published on Tullab', () => {
    const email = renderEmail('merchant-application-approved', brand, {}, context);
    expect(email.subject).toBe('Your Tullab merchant application is approved');
    expect(email.text).toContain('we approved the application for Falafel Co.');
    expect(email.text).toContain('We are now publishing your offer on Tullab');
    expect(email.html).toContain('href="https://tullab.ae/"');
  });

  test('rejected: quotes the reason and invites a new application', () => {
    const email = renderEmail(
      'merchant-application-rejected',
      { ...brand, reason: 'Please add the Tullab name to the code.' },
      {},
      context,
    );
    expect(email.subject).toBe('An update on your Tullab merchant application');
    expect(email.text).toContain('> Please add the Tullab name to the code.');
    expect(email.html).toContain('Please add the Tullab name to the code.</blockquote>');
    expect(email.text).toContain('Apply again: https://tullab.ae/for-merchants');
    expect(email.html).toContain('href="https://tullab.ae/for-merchants"');
  });
});

describe('staff-alert', () => {
  const alert = {
    title: 'New document to review',
    message: 'Omar uploaded a Student ID.\nIt waits in the queue.',
  };

  test('uses the title as subject and heading, shows the message and links into the console', () => {
    const email = renderEmail(
      'staff-alert',
      { ...alert, actionPath: '/admin#/verifications/7f9c/show' },
      {},
      { ...context, publicUrl: 'https://tullab.ae' },
    );
    expect(email.subject).toBe('New document to review');
    expect(email.html).toMatch(/<h1 [^>]*>New document to review<\/h1>/);
    expect(email.text).toContain('Omar uploaded a Student ID.\nIt waits in the queue.');
    expect(email.text).toContain('Open in the console: https://tullab.ae/admin#/verifications/7f9c/show');
    expect(email.html).toContain('href="https://tullab.ae/admin#/verifications/7f9c/show"');
  });

  test('without an action path there is no console link', () => {
    const email = renderEmail('staff-alert', alert, {}, context);
    expect(email.text).not.toContain('Open in the console');
    expect(email.html).not.toContain('Open in the console');
  });
});

describe('staff-invitation', () => {
  const data = { firstName: 'Mariam', role: 'staff', invitedBy: 'Sara Ali' };

  test('says who invited whom as what, and links to the accept page with the token, valid for 72 hours', () => {
    const email = renderEmail('staff-invitation', data, { token: INVITATION_TOKEN }, context);
    const acceptUrl = `https://tullab.ae/admin/#/accept-invitation?token=${INVITATION_TOKEN}`;
    expect(email.subject).toBe('You are invited to the Tullab staff console');
    expect(email.text).toContain('Hi Mariam,');
    expect(email.text).toContain('Sara Ali invited you to the Tullab staff console as a staff member.');
    expect(email.text).toContain(`Accept the invitation: ${acceptUrl}\n`);
    expect(email.html).toContain(`href="${acceptUrl}"`);
    expect(email.text).toContain('The link is valid for 72 hours and can be used once.');
    expect(email.text).toContain('There you will choose a password and set up an authenticator app');
    expect(email.text).toContain('support@tullab.ae');
  });

  test('names the administrator role', () => {
    const email = renderEmail(
      'staff-invitation',
      { ...data, role: 'admin' },
      { token: INVITATION_TOKEN },
      context,
    );
    expect(email.text).toContain('as an administrator.');
  });

  test('takes the token only from the sealed values, and refuses a malformed one without repeating it', () => {
    expect(() => templates['staff-invitation'].validate({ ...data, token: INVITATION_TOKEN }, {})).toThrow(
      'invalid sealed values: token',
    );
    const check = (): void => templates['staff-invitation'].validate(data, { token: 'short"><b>x</b>' });
    expect(check).toThrow('invalid sealed values: token: must be a base64url token');
    expect(check).not.toThrow(/short/);
  });
});

describe('staff second factor', () => {
  const enrolled = { firstName: 'Mariam', enrolledAt: '2026-11-21T20:30:00.000Z' };

  test('enrolled: says when an authenticator app was set up, and whom to tell at once if it was not them', () => {
    const email = renderEmail('staff-second-factor-enrolled', enrolled, {}, context);
    expect(email.subject).toBe('An authenticator app was set up for your Tullab staff account');
    expect(email.text).toContain('Hi Mariam,');
    expect(email.text).toContain(
      'An authenticator app was set up for your Tullab staff console account on 22 Nov 2026, 00:30 (UAE time).',
    );
    expect(email.text).toContain(
      'If this was not you, tell a Tullab administrator at once so they can disable your account, and write to ' +
        'us at support@tullab.ae.',
    );
    expect(email.html).toContain('<strong>If this was not you, tell a Tullab administrator at once');
    expect(email.html).toContain('href="mailto:support@tullab.ae"');
  });

  test('reset: says when it was reset, that the next sign-in sets up a new app, and whom to tell if not asked', () => {
    const email = renderEmail(
      'staff-second-factor-reset',
      { firstName: 'Mariam', resetAt: '2026-11-21T20:30:00Z' },
      {},
      context,
    );
    expect(email.subject).toBe('The two-factor authentication of your Tullab staff account was reset');
    expect(email.text).toContain('was removed on 22 Nov 2026, 00:30 (UAE time), and you were signed out');
    expect(email.text).toContain('At your next sign-in you will set up an authenticator app again.');
    expect(email.text).toContain(
      'If you did not ask for this, tell a Tullab administrator at once so they can disable your account',
    );
    expect(email.html).toContain('href="mailto:support@tullab.ae"');
  });
});
