// The mails to the support inbox and to staff: contact messages, alerts, invitations and second-factor notices.
import { renderEmail, templates } from '.';

const context = { publicUrl: 'https://tullab.ae/', supportEmail: 'support@tullab.ae' };
const INVITATION_TOKEN = 'q3Zk9vXbT0yR7mWc2LpA8sFh5JdN1eUoGi4KtYxBwV6';

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
