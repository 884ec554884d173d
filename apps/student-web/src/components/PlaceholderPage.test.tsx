import { renderRouteToHtml } from '../testing/render-route';

const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

describe('placeholder pages', () => {
  test.each([
    ['/login', 'Log in'],
    ['/signup', 'Sign up'],
    ['/create-password', 'Create Password'],
    ['/student-verification', 'Student Verification'],
    ['/otp-verification', 'Verify Your Student Email'],
    ['/document-verification', 'Document Verification'],
    ['/dashboard', 'Dashboard'],
    ['/for-merchants', 'Join as a Merchant'],
    ['/contact-us', 'Contact Us'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/forgot-password', 'Reset Password'],
    ['/how-it-works', 'How It Works'],
  ])('%s shows its title as the page heading and a link home', (path, title) => {
    const main = mainOf(renderRouteToHtml(path));
    expect(main).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(main).toMatch(/href="\/"[^>]*>Back to Home</);
    expect(main).not.toContain('Page Not Found');
  });

  test('an unknown path shows Page Not Found with a link home, inside the usual header and footer', () => {
    const html = renderRouteToHtml('/no-such-page');
    expect(mainOf(html)).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
    expect(mainOf(html)).toMatch(/href="\/"[^>]*>Back to Home</);
    expect(html).toContain('<header');
    expect(html).toContain('<footer');
  });
});
