import request from 'supertest';
import type { RunningGateway } from '../src';
import { missingDir, startGateway } from './helpers';
import { readHead, studentBuild } from './student-build';
import {
  BROWSER,
  DUNES,
  MALICIOUS,
  PUBLIC_URL,
  QAHWA,
  sharePreviewsForTests,
} from './share-previews.fixture';

let catalogue: unknown[] = [QAHWA, DUNES, MALICIOUS];
const { offers, crawl } = sharePreviewsForTests(() => catalogue);

afterEach(() => {
  catalogue = [QAHWA, DUNES, MALICIOUS];
});

describe("every page's head, before any JavaScript", () => {
  test.each([
    ['/login', 'en', 'Log in · Tullab', 'Sign in to access your student offers', `${PUBLIC_URL}/login`],
    [
      '/login?lang=ar',
      'ar',
      'تسجيل الدخول · Tullab',
      'سجّل الدخول للوصول إلى عروض الطلاب الخاصة بك',
      `${PUBLIC_URL}/login?lang=ar`,
    ],
    [
      '/how-it-works/',
      'en',
      'How It Works · Tullab',
      'Three steps between you and exclusive student savings on brands you know.',
      `${PUBLIC_URL}/how-it-works`,
    ],
    [
      '/?lang=ar',
      'ar',
      'Tullab — خصومات الطلاب في الإمارات',
      'توفير حصري على علامات تجارية تعرفها، للطلاب الموثّقين فقط.',
      `${PUBLIC_URL}/?lang=ar`,
    ],
    [
      '/signup?utm_source=x&lang=en',
      'en',
      'Sign up · Tullab',
      'Join Tullab to unlock exclusive student discounts',
      `${PUBLIC_URL}/signup`,
    ],
  ])(
    '%s → its title and description in %s, its canonical address',
    async (path, lang, title, description, canonical) => {
      const res = await crawl(path, BROWSER);
      expect(res.status).toBe(200);
      const head = readHead(res.text);
      expect(head.titles).toEqual([title]);
      expect(head.meta('description')).toBe(description);
      expect(head.canonical).toBe(canonical);
      expect(head.lang).toBe(lang);
      expect(head.dir).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(head.meta('robots')).toBeUndefined();
      expect(head.meta('og:title')).toBe(title);
      // the build's own title and description are replaced, not repeated
      expect(res.text.match(/<meta\s+name="description"/g)).toHaveLength(1);
      expect(res.text).not.toContain('Tullab is the first student offer platform');
    },
  );

  test('each page names itself in English and in Arabic (hreflang), and x-default', async () => {
    const head = readHead((await crawl('/for-merchants', BROWSER)).text);
    expect(head.alternates).toEqual({
      en: `${PUBLIC_URL}/for-merchants`,
      ar: `${PUBLIC_URL}/for-merchants?lang=ar`,
      'x-default': `${PUBLIC_URL}/for-merchants`,
    });
  });

  test('a signed-in page or a step of a form is not to be indexed; an unknown page is a 404 with its own head', async () => {
    for (const path of ['/dashboard', '/forgot-password']) {
      const head = readHead((await crawl(path, BROWSER)).text);
      expect(head.meta('robots')).toBe('noindex');
      expect(head.canonical).toBe(`${PUBLIC_URL}${path}`);
    }
    const unknown = await crawl('/no/such/page?lang=ar', BROWSER);
    expect(unknown.status).toBe(404);
    const head = readHead(unknown.text);
    expect(head.titles).toEqual(['الصفحة غير موجودة · Tullab']);
    expect(head.meta('robots')).toBe('noindex');
    expect([head.lang, head.dir]).toEqual(['ar', 'rtl']);
  });
});

describe('robots.txt and sitemap.xml', () => {
  test('robots.txt: public pages and logos allowed; the API, the console and signed-in pages not; the sitemap named', async () => {
    const res = await crawl('/robots.txt', { Accept: '*/*' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Allow: /api/offers/*/logo',
        'Disallow: /api/',
        'Disallow: /admin',
        'Disallow: /merchant',
        'Disallow: /dashboard',
        'Disallow: /forgot-password',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
      ]),
    );
    // the logos' Allow comes before the API's Disallow, for crawlers that take the first rule that matches
    expect(lines.indexOf('Allow: /api/offers/*/logo')).toBeLessThan(lines.indexOf('Disallow: /api/'));
    for (const route of ['/', '/login', '/signup', '/for-merchants', '/how-it-works']) {
      expect(lines).not.toContain(`Disallow: ${route}`);
    }
  });

  test('sitemap.xml: the public pages and every listed offer, each in English and Arabic with its alternates', async () => {
    const res = await crawl('/sitemap.xml', { Accept: '*/*' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.text;
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    const expected = [
      '/',
      '/login',
      '/signup',
      '/for-merchants',
      '/how-it-works',
      ...[QAHWA, DUNES, MALICIOUS].map((o) => `/offers/${o.id}`),
    ];
    expect(locs.sort()).toEqual(
      expected.flatMap((path) => [`${PUBLIC_URL}${path}`, `${PUBLIC_URL}${path}?lang=ar`]).sort(),
    );
    expect(xml).not.toContain('/dashboard');
    expect(xml).not.toContain('/offers/:offerId');
    const entry = new RegExp(
      `<url>\\s*<loc>${PUBLIC_URL}/offers/${QAHWA.id}\\?lang=ar</loc>\\s*` +
        `<xhtml:link rel="alternate" hreflang="en" href="${PUBLIC_URL}/offers/${QAHWA.id}"/>\\s*` +
        `<xhtml:link rel="alternate" hreflang="ar" href="${PUBLIC_URL}/offers/${QAHWA.id}\\?lang=ar"/>\\s*` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/offers/${QAHWA.id}"/>\\s*</url>`,
    );
    expect(xml).toMatch(entry);
  });

  test('sitemap.xml follows the catalogue: a paused offer leaves it', async () => {
    catalogue = [DUNES];
    const xml = (await crawl('/sitemap.xml', { Accept: '*/*' })).text;
    expect(xml).toContain(`/offers/${DUNES.id}`);
    expect(xml).not.toContain(QAHWA.id);
    expect(xml).not.toContain(MALICIOUS.id);
  });
});

describe('a student build without pages.json (before this issue)', () => {
  let older: RunningGateway;

  beforeAll(async () => {
    older = await startGateway(
      { offers },
      { STUDENT_WEB_DIR: studentBuild({ pageHeads: false }), PUBLIC_URL, ADMIN_WEB_DIR: missingDir() },
    );
  });

  afterAll(async () => {
    await older?.close();
  });

  test('its pages are sent as built; /offers/<id> still answers only for a listed offer; robots.txt and the sitemap still answer', async () => {
    const listed = await request(older.url).get(`/offers/${QAHWA.id}`).set(BROWSER);
    expect(listed.status).toBe(200);
    expect(readHead(listed.text).titles).toEqual(['Tullab — Student discounts in the UAE']);
    expect(readHead(listed.text).meta('og:title')).toBeUndefined();
    expect((await request(older.url).get('/offers/unknown').set(BROWSER)).status).toBe(404);
    const robots = await request(older.url).get('/robots.txt');
    expect(robots.text).toContain('Disallow: /api/');
    const sitemap = await request(older.url).get('/sitemap.xml');
    expect(sitemap.text).toContain(`<loc>${PUBLIC_URL}/offers/${QAHWA.id}</loc>`);
    expect(sitemap.text).toContain(`<loc>${PUBLIC_URL}/</loc>`);
  });
});
