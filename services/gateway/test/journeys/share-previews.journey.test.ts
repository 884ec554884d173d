import request from 'supertest';
import { parseConfig } from '@tullab/config';
import * as gateway from '../../src';
import { readHead, studentBuild } from '../student-build';
import { type Browser } from './browsers';
import { eventually } from './eventually';
import { ADMIN, startStack, type Stack } from './stack';
import { signInStaff } from './staff';

// Issue 13 point 5, through the real stack: an offer staff publish gets a link preview a crawler reads without
// JavaScript (Open Graph, Twitter card, in English and Arabic), and sitemap.xml lists it while it is live.

const PUBLIC_URL = 'https://tullab.example';
const FACEBOOK = {
  'User-Agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  Accept: '*/*',
};
const WHATSAPP = { 'User-Agent': 'WhatsApp/2.23.20.0 A', Accept: '*/*' };

/** A 1 × 1 PNG: the brand's logo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let stack: Stack;
let admin: Browser;
/** the stack's gateway, serving a student build and the site's public address */
let site: gateway.RunningGateway;

beforeAll(async () => {
  stack = await startStack();
  site = await gateway.startService(
    parseConfig(gateway.configShape, {
      ...stack.gatewayEnv,
      PORT: '0',
      LOG_LEVEL: 'silent',
      PUBLIC_URL,
      STUDENT_WEB_DIR: studentBuild(),
    }),
  );
  admin = await signInStaff(stack.url, ADMIN);
}, 90_000);

afterAll(async () => {
  await site?.close();
  await stack?.close();
});

async function createOffer(fields: Record<string, unknown>): Promise<string> {
  const res = await admin.post('/api/admin/offers', {
    businessDescription: 'A brand that exists only in journey tests.',
    businessCategory: 'fashion',
    discountRedemptionGuide: [{ instruction: 'Copy the code' }, { instruction: 'Paste it at checkout' }],
    termsAndConditions: 'Verified students only; one use each.',
    offerType: 'discount',
    discountType: 'percentage',
    discountValue: 20,
    code: 'JOURNEY20',
    status: 'live',
    ...fields,
  });
  if (res.status !== 201) throw new Error(`offer not created: ${res.status} ${res.text}`);
  return res.body.id as string;
}

const crawl = (path: string, headers: Record<string, string> = FACEBOOK) =>
  request(site.url).get(path).set(headers);

const sitemap = async () => (await crawl('/sitemap.xml', { Accept: '*/*' })).text;

test('a live offer: its preview (title, discount, logo, description) in English and Arabic; paused, it leaves the sitemap and its page is gone', async () => {
  const id = await createOffer({
    title: '20% off every karak',
    titleAr: 'خصم 20% على كل كرك',
    brandName: 'Karak Corner',
    description: 'Karak and paratha by the Creek.',
    descriptionAr: 'كرك وبراتا بجانب الخور.',
  });
  const logo = await admin.agent
    .post(`/api/admin/offers/${id}/logo`)
    .set('Origin', 'http://localhost:8080')
    .attach('logoFile', PNG, 'logo.png');
  expect(logo.status).toBe(200);

  // as a crawler reads it: a plain GET, no cookies, no JavaScript
  const res = await eventually(
    () => crawl(`/offers/${id}`),
    (answer) => answer.status === 200 && /og:image/.test(answer.text),
  );
  expect(res.status).toBe(200);
  const head = readHead(res.text);
  expect(head.meta('og:title')).toBe('Karak Corner — 20% off every karak');
  expect(head.meta('og:description')).toBe('20% OFF · Karak and paratha by the Creek.');
  expect(head.meta('og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/api/offers/${id}/logo\\?v=\\d+$`));
  expect(head.meta('twitter:card')).toBe('summary');
  expect(head.canonical).toBe(`${PUBLIC_URL}/offers/${id}`);
  expect(head.meta('og:url')).toBe(head.canonical);
  expect([head.lang, head.dir]).toEqual(['en', 'ltr']);

  // the image the preview names is served to anyone (what WhatsApp fetches next)
  const image = await request(site.url)
    .get(new URL(head.meta('og:image') as string).pathname + new URL(head.meta('og:image') as string).search)
    .set(WHATSAPP);
  expect(image.status).toBe(200);
  expect(image.type).toBe('image/png');

  // the shared link of an Arabic page
  const arabic = readHead((await crawl(`/?offer=${id}&lang=ar`, WHATSAPP)).text);
  expect([arabic.lang, arabic.dir]).toEqual(['ar', 'rtl']);
  expect(arabic.meta('og:title')).toBe('Karak Corner — خصم 20% على كل كرك');
  expect(arabic.meta('og:description')).toBe('20% خصم · كرك وبراتا بجانب الخور.');
  expect(arabic.canonical).toBe(`${PUBLIC_URL}/offers/${id}?lang=ar`);

  expect(await sitemap()).toContain(`<loc>${PUBLIC_URL}/offers/${id}</loc>`);

  const paused = await admin.post(`/api/admin/offers/${id}/pause`);
  expect(paused.status).toBe(200);
  const after = await eventually(sitemap, (xml) => !xml.includes(id));
  expect(after).not.toContain(id);
  expect(after).toContain(`<loc>${PUBLIC_URL}/login?lang=ar</loc>`);
  expect((await crawl(`/offers/${id}`, { Accept: 'text/html' })).status).toBe(404);
  const home = readHead((await crawl(`/?offer=${id}`, WHATSAPP)).text);
  expect(home.meta('og:title')).toBe('Tullab — Student discounts in the UAE');
  expect(home.meta('og:image')).toBeUndefined();
}, 60_000);

test("a merchant's markup in an offer is escaped in its preview", async () => {
  const title = '"><script>alert(1)</script>';
  const id = await createOffer({ title, brandName: 'Tom & Jerry <b>', description: '</title><i>x</i>' });
  const res = await eventually(
    () => crawl(`/offers/${id}`),
    (answer) => answer.status === 200,
  );
  const head = readHead(res.text);
  expect(head.meta('og:title')).toBe(`Tom & Jerry <b> — ${title}`);
  expect(head.meta('og:description')).toBe('20% OFF · </title><i>x</i>');
  expect(res.text).not.toContain('<script>alert(1)');
  expect(res.text).not.toContain('<i>x</i>');
  expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
}, 30_000);
