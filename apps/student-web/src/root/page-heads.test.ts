import { catalogueText, pageHeads } from './page-heads';
import { paths } from '../app/paths';

describe("the pages' heads the build writes for the gateway (pages.json)", () => {
  const heads = pageHeads();

  test('every route has a title and a description in English and Arabic, every text filled in', () => {
    expect(Object.keys(heads.pages).sort()).toEqual(Object.values(paths).sort());
    for (const page of [...Object.values(heads.pages), heads.notFound]) {
      for (const language of ['en', 'ar'] as const) {
        expect(page[language].title).not.toBe('');
        expect(page[language].description.length).toBeGreaterThan(10);
        expect(`${page[language].title} ${page[language].description}`).not.toMatch(/\{\{|<\w/);
      }
    }
  });

  test('the texts are the pages’ own, from the catalogues, in each language', () => {
    expect(heads.pages['/'].en).toEqual({
      title: 'Tullab — Student discounts in the UAE',
      description: 'Exclusive savings on well-known brands, verified for students only.',
    });
    expect(heads.pages['/login'].en.title).toBe('Log in · Tullab');
    expect(heads.pages['/login'].ar.title).toBe('تسجيل الدخول · Tullab');
    expect(heads.pages['/privacy-policy'].en.description).toBe(
      'This Privacy Policy explains what personal data we collect when you use our website and services, why we collect it, who we share it with, how we protect it and the rights you have.',
    );
    expect(heads.pages['/terms-of-service'].en.description).toContain('operated by Tullab FZ-LLC');
    expect(heads.pages['/terms-of-service'].en.description).not.toContain('privacyPolicy');
    expect(heads.pages['/for-merchants'].ar.title).toBe('انضم كتاجر · Tullab');
  });

  test('public pages are indexed; signed-in pages and the steps of forms are not', () => {
    const indexed = Object.entries(heads.pages)
      .filter(([, page]) => page.indexed)
      .map(([path]) => path);
    expect(indexed.sort()).toEqual(
      [
        '/',
        '/login',
        '/signup',
        '/for-merchants',
        '/contact-us',
        '/how-it-works',
        '/privacy-policy',
        '/terms-of-service',
      ].sort(),
    );
  });

  test("an offer's preview words: its title template and the discount badge, in each language", () => {
    expect(heads.offer.en.documentTitle).toBe('{{title}} · Tullab');
    expect(heads.offer.en.badge).toMatchObject({
      percentage: '{{amount}}%',
      fixed: 'AED {{amount}}',
      off: 'OFF',
    });
    expect(heads.offer.ar.badge).toMatchObject({
      fixed: '{{amount}} درهم',
      off: 'خصم',
      freeShipping: 'شحن مجاني',
    });
  });

  test('a key missing from a catalogue fails the build', () => {
    expect(() => catalogueText('ar', 'home:no.such.key')).toThrow(
      'no text home:no.such.key in the ar catalogue',
    );
  });
});
