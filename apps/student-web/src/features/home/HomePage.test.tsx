import { renderRouteToHtml } from '../../testing/render-route';
import { HOME_HEADLINE } from './HomePage';

const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));

describe('home page (/)', () => {
  const html = renderRouteToHtml('/');

  test('has the header, main and footer landmarks in that order', () => {
    const header = html.indexOf('<header');
    const main = html.indexOf('<main');
    const footer = html.indexOf('<footer');
    expect(header).toBeGreaterThanOrEqual(0);
    expect(main).toBeGreaterThan(header);
    expect(footer).toBeGreaterThan(main);
  });

  test('shows the SPEC headline as the only h1, and headings never skip a level', () => {
    expect(html).toMatch(new RegExp(`<h1[^>]*>${HOME_HEADLINE}</h1>`));
    const levels = headingLevels(html);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1] + 1);
    });
  });

  test('the header links to Discounts, Contact Us and Join as a Merchant', () => {
    const nav = html.slice(
      html.indexOf('aria-label="Main"'),
      html.indexOf('</nav>', html.indexOf('aria-label="Main"')),
    );
    expect(nav).toMatch(/href="\/#discounts"[^>]*>Discounts</);
    expect(nav).toMatch(/href="\/contact-us"[^>]*>Contact Us</);
    expect(nav).toMatch(/href="\/for-merchants"[^>]*>Join as a Merchant</);
  });

  test('has the offers section at the discounts anchor with a coming-soon note', () => {
    expect(html).toContain('id="discounts"');
    expect(html).toContain('Exclusive Student Offers');
    expect(html).toContain('Coming soon');
  });

  test('the footer links to the legal pages and home', () => {
    const footer = html.slice(html.indexOf('<footer'));
    for (const href of [
      '/',
      '/#discounts',
      '/for-merchants',
      '/contact-us',
      '/privacy-policy',
      '/terms-of-service',
    ]) {
      expect(footer).toContain(`href="${href}"`);
    }
  });
});
