import { emailTemplates } from '@tullab/events';
import { BRAND_GREEN, FOOTER_TEXT, escapeHtml } from './layout';
import { TemplateInputError, renderEmail, templates } from '.';

const context = { publicUrl: 'https://tullab.ae/', supportEmail: 'support@tullab.ae' };

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
    const email = renderEmail('password-reset-code', { firstName: 'Omar' }, { code: '042917' }, context);
    expect(email.subject).toBe('Your Tullab password reset code');
    expect(email.text).toContain('Hi Omar,');
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
