import request from 'supertest';
import { readHead } from './student-build';
import {
  BROWSER,
  DUNES,
  FACEBOOK,
  MALICIOUS,
  PUBLIC_URL,
  QAHWA,
  WHATSAPP,
  sharePreviewsForTests,
} from './share-previews.fixture';

let catalogue: unknown[] = [QAHWA, DUNES, MALICIOUS];
const { gateway, crawl } = sharePreviewsForTests(() => catalogue);

afterEach(() => {
  catalogue = [QAHWA, DUNES, MALICIOUS];
});

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
