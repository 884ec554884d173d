// What the share-preview tests share: the offers of a catalogue, the clients that fetch pages, and the gateway.
// Issue 13 point 5: the HTML the gateway sends carries each page's title, description and canonical address, and an
// offer's link preview (Open Graph, Twitter card), for clients that run no JavaScript: WhatsApp, Facebook, X,
// search engines. robots.txt and sitemap.xml come from the live catalogue.
import request from 'supertest';
import { startedPairForTests } from '@tullab/testing';
import { missingDir, startFakeService, startGateway } from './helpers';
import { studentBuild } from './student-build';

export const PUBLIC_URL = 'https://tullab.example';

/** What WhatsApp's and Facebook's link preview fetchers send: no cookies, no JavaScript, any type. */
export const WHATSAPP = { 'User-Agent': 'WhatsApp/2.23.20.0 A', Accept: '*/*' };
export const FACEBOOK = {
  'User-Agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  Accept: '*/*',
};
export const BROWSER = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

export const QAHWA = {
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
export const DUNES = {
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
export const MALICIOUS = {
  ...QAHWA,
  id: '9c0ffee0-0000-4000-8000-000000000666',
  title: '"></title><script>alert(1)</script><meta property="og:title" content="pwned',
  brandName: "Tom & Jerry's <b>Café</b>",
  description: '<img src=x onerror=alert(2)> & more',
  logoUrl: 'javascript:alert(3)',
};

/**
 * A fake offers service answering `catalogue()` as its list, and the real gateway with a student build and `PUBLIC_URL`
 * in front of it, for the tests of the file that calls this (both empty while the file loads); with `crawl`, a plain
 * GET as a link preview fetcher makes it: no JavaScript, nothing but the HTML.
 */
export function sharePreviewsForTests(catalogue: () => unknown[]) {
  const [offers, gateway] = startedPairForTests(
    () =>
      startFakeService('offers', (app) => {
        app.get('/offers', (_req, res) => void res.json(catalogue()));
      }),
    (started) =>
      startGateway(
        { offers: started },
        { STUDENT_WEB_DIR: studentBuild(), PUBLIC_URL, ADMIN_WEB_DIR: missingDir() },
      ),
  );
  const crawl = (path: string, headers: Record<string, string> = FACEBOOK) =>
    request(gateway.url).get(path).set(headers);
  return { offers, gateway, crawl };
}
