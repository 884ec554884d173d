import request from 'supertest';
import type { RunningGateway } from '../src';
import { missingDir, startFakeService, startGateway, type FakeService } from './helpers';
import { readHead, studentBuild } from './student-build';

// Issue 13 point 5: the HTML the gateway sends carries each page's title, description and canonical address, and an
// offer's link preview (Open Graph, Twitter card), for clients that run no JavaScript: WhatsApp, Facebook, X,
// search engines. robots.txt and sitemap.xml come from the live catalogue.

const PUBLIC_URL = 'https://tullab.example';

/** What WhatsApp's and Facebook's link preview fetchers send: no cookies, no JavaScript, any type. */
const WHATSAPP = { 'User-Agent': 'WhatsApp/2.23.20.0 A', Accept: '*/*' };
const FACEBOOK = {
  'User-Agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  Accept: '*/*',
};
const BROWSER = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const QAHWA = {
  id: '7d1f3a52-61c4-4b0e-9d2a-0c7a7b1e5f10',
  title: '25% off your first three coffee boxes',
  titleAr: 'خصم 25% على أول ثلاث علب قهوة',
  brandName: 'Qahwa Club',
  businessName: null,
  logoUrl: '/api/offers/7d1f3a52-61c4-4b0e-9d2a-0c7a7b1e5f10/logo?v=2',
  businessDescription: 'Specialty coffee roasted in Al Quoz.',
  description: 'Freshly roasted single-origin beans, ground the way you brew.',
  descriptionAr: 'حبوب قهوة محمّصة حديثاً من مصدر واحد.',
  businessCategory: 'subscriptions',
  offerType: 'discount',
  discountType: 'percentage',
  discountValue: 25,
  expiresAt: null,
  createdAt: '2026-09-01T00:00:00.000Z',
  currentUses: 1840,
};

/** An offer without Arabic texts, a fixed discount, no logo. */
const DUNES = {
  ...QAHWA,
  id: '2b8e4c0d-0a51-4f57-8f5e-93a1e4e7c2aa',
  title: 'AED 50 off a desert ride',
  titleAr: null,
  brandName: 'Dune Riders',
  logoUrl: null,
  description: 'Sunset rides for two.',
  descriptionAr: null,
  discountType: 'fixed',
  discountValue: 50,
};

/** A merchant who types markup into every field. */
const MALICIOUS = {
  ...QAHWA,
  id: '9c0ffee0-0000-4000-8000-000000000666',
  title: '"></title><script>alert(1)</script><meta property="og:title" content="pwned',
  brandName: "Tom & Jerry's <b>Café</b>",
  description: '<img src=x onerror=alert(2)> & more',
  logoUrl: 'javascript:alert(3)',
};

let catalogue: unknown[] = [QAHWA, DUNES, MALICIOUS];
let offers: FakeService;
let gateway: RunningGateway;

beforeAll(async () => {
  offers = await startFakeService('offers', (app) => {
    app.get('/offers', (_req, res) => void res.json(catalogue));
  });
  gateway = await startGateway(
    { offers },
    { STUDENT_WEB_DIR: studentBuild(), PUBLIC_URL, ADMIN_WEB_DIR: missingDir() },
  );
});

afterEach(() => {
  catalogue = [QAHWA, DUNES, MALICIOUS];
});

afterAll(async () => {
  await gateway?.close();
  await offers?.close();
});

/** A plain GET, as a link preview fetcher makes it: no JavaScript, nothing but the HTML. */
const crawl = (path: string, headers: Record<string, string> = FACEBOOK) =>
  request(gateway.url).get(path).set(headers);

describe("an offer's link preview", () => {
  test.each([
    ['its own page, read by facebookexternalhit', `/offers/${QAHWA.id}`, FACEBOOK],
    ['the shared link /?offer=<id>, read by WhatsApp', `/?offer=${QAHWA.id}`, WHATSAPP],
  ])('%s → 200, the home page with the offer’s Open Graph and Twitter tags', async (_case, path, headers) => {
    const res = await crawl(path, headers);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const head = readHead(res.text);
    expect(head.titles).toEqual(['Qahwa Club — 25% off your first three coffee boxes · Tullab']);
    expect(head.meta('og:title')).toBe('Qahwa Club — 25% off your first three coffee boxes');
    expect(head.meta('og:description')).toBe(
      '25% OFF · Freshly roasted single-origin beans, ground the way you brew.',
    );
    expect(head.meta('description')).toBe(head.meta('og:description'));
    expect(head.meta('og:image')).toBe(`${PUBLIC_URL}/api/offers/${QAHWA.id}/logo?v=2`);
    expect(head.meta('og:image:alt')).toBe('Qahwa Club');
    expect(head.meta('og:url')).toBe(`${PUBLIC_URL}/offers/${QAHWA.id}`);
    expect(head.canonical).toBe(`${PUBLIC_URL}/offers/${QAHWA.id}`);
    expect(head.meta('og:type')).toBe('website');
    expect(head.meta('og:locale')).toBe('en_AE');
    expect(head.meta('twitter:card')).toBe('summary');
    expect(head.meta('twitter:title')).toBe(head.meta('og:title'));
    expect(head.meta('twitter:image')).toBe(head.meta('og:image'));
    expect(head.meta('robots')).toBeUndefined();
    expect(head.alternates).toEqual({
      en: `${PUBLIC_URL}/offers/${QAHWA.id}`,
      ar: `${PUBLIC_URL}/offers/${QAHWA.id}?lang=ar`,
      'x-default': `${PUBLIC_URL}/offers/${QAHWA.id}`,
    });
    expect([head.lang, head.dir]).toEqual(['en', 'ltr']);
    // the page is still the app's, with the home page's first paint
    expect(res.text).toContain('<div id="root">');
    expect(res.text).toContain('class="hero-title"');
  });

  test('in Arabic (?lang=ar): the Arabic title and description, the Arabic discount, <html lang="ar" dir="rtl">', async () => {
    const res = await crawl(`/offers/${QAHWA.id}?lang=ar`);
    expect(res.status).toBe(200);
    const head = readHead(res.text);
    expect([head.lang, head.dir]).toEqual(['ar', 'rtl']);
    expect(head.meta('og:title')).toBe('Qahwa Club — خصم 25% على أول ثلاث علب قهوة');
    expect(head.meta('og:description')).toBe('25% خصم · حبوب قهوة محمّصة حديثاً من مصدر واحد.');
    expect(head.meta('og:locale')).toBe('ar_AE');
    expect(head.canonical).toBe(`${PUBLIC_URL}/offers/${QAHWA.id}?lang=ar`);
    expect(head.meta('og:url')).toBe(head.canonical);
    expect(head.meta('og:image')).toBe(`${PUBLIC_URL}/api/offers/${QAHWA.id}/logo?v=2`);
    // the shared link of an Arabic page (`/?offer=<id>&lang=ar`) reads the same
    const shared = readHead((await crawl(`/?offer=${QAHWA.id}&lang=ar`, WHATSAPP)).text);
    expect(shared.meta('og:title')).toBe(head.meta('og:title'));
    expect(shared.canonical).toBe(head.canonical);
  });

  test('in Arabic, an offer without Arabic texts shows its English ones, with the Arabic words of its discount', async () => {
    const head = readHead((await crawl(`/offers/${DUNES.id}?lang=ar`)).text);
    expect(head.meta('og:title')).toBe('Dune Riders — AED 50 off a desert ride');
    expect(head.meta('og:description')).toBe('50 درهم خصم · Sunset rides for two.');
    // no logo: no image, and still a summary card
    expect(head.meta('og:image')).toBeUndefined();
    expect(head.meta('twitter:card')).toBe('summary');
  });

  test("markup in an offer's fields is escaped: the texts read back as typed, nothing is added to the page", async () => {
    const res = await crawl(`/offers/${MALICIOUS.id}`);
    expect(res.status).toBe(200);
    const head = readHead(res.text);
    expect(head.meta('og:title')).toBe(`${MALICIOUS.brandName} — ${MALICIOUS.title}`);
    expect(head.meta('og:description')).toBe(`25% OFF · ${MALICIOUS.description}`);
    expect(head.titles).toEqual([`${MALICIOUS.brandName} — ${MALICIOUS.title} · Tullab`]);
    // one og:title, the gateway's; no script, image or bold tag came through
    expect(res.text.match(/property="og:title"/g)).toHaveLength(1);
    expect(res.text).not.toContain('<script>alert');
    expect(res.text).not.toContain('<img src=x');
    expect(res.text).not.toContain('<b>Café');
    expect(res.text).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // a logo address that is no web address is no image
    expect(head.meta('og:image')).toBeUndefined();
    expect(res.text).not.toContain('javascript:alert');
  });

  test('an offer that is not listed (unknown, paused, expired): /offers/<id> is a 404 page; /?offer=<id> the plain home page', async () => {
    const gone = await crawl('/offers/00000000-0000-4000-8000-000000000000', BROWSER);
    expect(gone.status).toBe(404);
    const goneHead = readHead(gone.text);
    expect(goneHead.titles).toEqual(['Page Not Found · Tullab']);
    expect(goneHead.meta('og:title')).toBeUndefined();
    expect(goneHead.meta('robots')).toBe('noindex');
    expect(goneHead.canonical).toBeUndefined();
    // a fetcher that does not ask for HTML gets the plain 404, as for any unknown path
    const fetcher = await crawl('/offers/00000000-0000-4000-8000-000000000000', FACEBOOK);
    expect(fetcher.status).toBe(404);
    expect(fetcher.body).toEqual({ message: 'Not found', code: 'not_found' });

    const home = await crawl('/?offer=00000000-0000-4000-8000-000000000000', WHATSAPP);
    expect(home.status).toBe(200);
    const homeHead = readHead(home.text);
    expect(homeHead.titles).toEqual(['Tullab — Student discounts in the UAE']);
    expect(homeHead.meta('og:title')).toBe('Tullab — Student discounts in the UAE');
    expect(homeHead.meta('og:image')).toBeUndefined();
    expect(homeHead.canonical).toBe(`${PUBLIC_URL}/`);

    // the offer is paused: it leaves the catalogue, and its preview goes with it
    catalogue = [DUNES];
    expect((await crawl(`/offers/${QAHWA.id}`, BROWSER)).status).toBe(404);
    expect(readHead((await crawl(`/?offer=${QAHWA.id}`)).text).meta('og:image')).toBeUndefined();
  });

  test('the preview is sent compressed to a client that takes it, the same page once decoded; HEAD too', async () => {
    const plain = await crawl(`/offers/${QAHWA.id}`);
    const res = await fetch(new URL(`/offers/${QAHWA.id}`, gateway.url), {
      headers: { ...FACEBOOK, 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch decodes what it is sent
    expect(await res.text()).toBe(plain.text);
    const head = await request(gateway.url).head(`/offers/${QAHWA.id}`).set(FACEBOOK);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });
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
