import { renderEmail } from '.';

const context = { publicUrl: 'https://tullab.ae/', supportEmail: 'support@tullab.ae' };

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
