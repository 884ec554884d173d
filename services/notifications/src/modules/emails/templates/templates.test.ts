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
