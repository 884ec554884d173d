import { Router } from 'express';
import { errorBody, languages, type Language } from '@tullab/http';
import { readPageHeads, type PageHeads } from './heads';
import { escapeHtml, type HeadTags } from './html';
import { brandOf, offerCards, offerHead, type OfferCard } from './offer';
import { sendText } from './send';

export { matchRoute, pageLanguage, readPageHeads, type PageHeads } from './heads';
export { escapeHtml, withHead, type HeadTags } from './html';
export { offerCards, type OfferCard } from './offer';
export { sendText } from './send';

/** The student app's route of an offer's own page (its `paths.offer`): the home page with the offer's modal. */
export const OFFER_ROUTE = '/offers/:offerId';
/** The query parameter of the home page that opens an offer (`/?offer=<id>`, the app's OFFER_PARAM). */
export const OFFER_PARAM = 'offer';

const SITE_NAME = 'Tullab';

/** Where the listed offers come from: the gateway's catalogue (decision 005). */
export interface ListedOffers {
  listed(): Promise<readonly unknown[] | null>;
}

/** A page's public address: PUBLIC_URL's origin, the path, `?lang=ar` for Arabic (decision 011). */
export function publicAddress(publicUrl: string, pathname: string, language: Language = 'en'): string {
  const url = new URL(pathname, new URL(publicUrl).origin);
  if (language !== 'en') url.searchParams.set('lang', language);
  return url.href;
}

/** The page in each language, and `x-default` (no `?lang`: the reader's language). */
function alternatesOf(publicUrl: string, pathname: string) {
  return [
    ...languages.map((language) => ({
      hreflang: language,
      href: publicAddress(publicUrl, pathname, language),
    })),
    { hreflang: 'x-default', href: publicAddress(publicUrl, pathname) },
  ];
}

/** The address of an offer's own page. */
export const offerPathOf = (id: string) => `/offers/${encodeURIComponent(id)}`;

/** The head of a page of the app (`route` of routes.json, at `pathname`) in `language`. */
export function routeHead(
  heads: PageHeads,
  route: string,
  pathname: string,
  language: Language,
  publicUrl: string,
): HeadTags {
  const page = heads.pages[route];
  if (!page) return notFoundHead(heads, language);
  return {
    language,
    ...page[language],
    canonical: publicAddress(publicUrl, pathname, language),
    alternates: alternatesOf(publicUrl, pathname),
    noindex: !page.indexed,
    openGraph: { type: 'website', siteName: SITE_NAME },
  };
}

/** The head of a page no route answers (404): its title and description, never indexed, no canonical address. */
export function notFoundHead(heads: PageHeads, language: Language): HeadTags {
  return { language, ...heads.notFound[language], noindex: true };
}

/** The brand logo's absolute address (http or https only), or null. */
function imageAddress(logoUrl: string | null | undefined, publicUrl: string): string | null {
  if (!logoUrl) return null;
  try {
    const url = new URL(logoUrl, new URL(publicUrl).origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The head of an offer's preview (issue 13 point 5): the offer's title with its brand, its discount and description,
 * its brand logo as the image, its own address (`/offers/<id>`) as canonical, in `language`.
 */
export function offerPageHead(
  heads: PageHeads,
  offer: OfferCard,
  language: Language,
  publicUrl: string,
): HeadTags {
  const texts = offerHead(offer, language, heads.offer);
  const pathname = offerPathOf(offer.id);
  const image = imageAddress(offer.logoUrl, publicUrl);
  return {
    language,
    ...texts,
    documentTitle: heads.offer[language].documentTitle.replace(/\{\{\s*title\s*\}\}/g, () => texts.title),
    canonical: publicAddress(publicUrl, pathname, language),
    alternates: alternatesOf(publicUrl, pathname),
    openGraph: {
      type: 'website',
      siteName: SITE_NAME,
      ...(image && { image: { url: image, alt: brandOf(offer) } }),
    },
  };
}

/** The listed offer with this id, null when none is listed, undefined when the catalogue cannot be read. */
export async function listedOffer(
  catalogue: ListedOffers,
  id: string,
): Promise<OfferCard | null | undefined> {
  const items = await catalogue.listed();
  if (!items) return undefined;
  const item = items.find(
    (candidate) => String((candidate as { id?: unknown } | null)?.id ?? '') === id && id !== '',
  );
  return item === undefined ? null : (offerCards([item])[0] ?? null);
}

/** The routes of pages.json: the public ones crawlers may index (sitemap), and the others (robots.txt). */
function routesOf(heads: PageHeads | null) {
  const pages = Object.entries(heads?.pages ?? { '/': { indexed: true } }).filter(
    ([route]) => !route.includes(':'),
  );
  return {
    indexed: pages.filter(([, page]) => page.indexed).map(([route]) => route),
    hidden: pages.filter(([, page]) => !page.indexed).map(([route]) => route),
  };
}

/**
 * robots.txt: everything public may be crawled, brand logos included (previews fetch them); the API, the console, the
 * merchant area and the signed-in pages and form steps (those pages.json does not index) may not. Names the sitemap.
 */
export function robotsTxt(heads: PageHeads | null, publicUrl: string): string {
  const { hidden } = routesOf(heads);
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/offers/*/logo',
    'Disallow: /api/',
    'Disallow: /admin',
    // the partner brands' portal (decision 016), every page of it: an app of its own (issue 29)
    'Disallow: /merchant',
    ...hidden.map((route) => `Disallow: ${route}`),
    '',
    `Sitemap: ${publicAddress(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/**
 * sitemap.xml: the public pages and the own page of every listed (live) offer, each in English and in Arabic
 * (`?lang=ar`), each naming the other as its `xhtml:link` hreflang alternate (and `x-default`).
 */
export function sitemapXml(heads: PageHeads | null, offers: readonly OfferCard[], publicUrl: string): string {
  const paths = [...routesOf(heads).indexed, ...offers.map((offer) => offerPathOf(offer.id))];
  const urls = paths.flatMap((pathname) => {
    const links = alternatesOf(publicUrl, pathname)
      .map(
        ({ hreflang, href }) =>
          `    <xhtml:link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}"/>`,
      )
      .join('\n');
    return languages.map(
      (language) =>
        `  <url>\n    <loc>${escapeHtml(publicAddress(publicUrl, pathname, language))}</loc>\n${links}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** `GET /robots.txt` and `GET /sitemap.xml`, from the build's pages.json and the live catalogue (issue 13). */
export function crawlerFiles(options: {
  studentDir: string;
  publicUrl: string;
  catalogue: ListedOffers;
}): Router {
  const router = Router();
  router.get('/robots.txt', async (req, res) => {
    const heads = await readPageHeads(options.studentDir);
    await sendText(req, res, robotsTxt(heads, options.publicUrl), {
      status: 200,
      type: 'text/plain',
      cacheControl: 'no-cache',
    });
  });
  router.get('/sitemap.xml', async (req, res) => {
    const [heads, items] = await Promise.all([readPageHeads(options.studentDir), options.catalogue.listed()]);
    if (!items) {
      res.setHeader('Retry-After', '30');
      return void res
        .status(503)
        .setHeader('Cache-Control', 'no-store')
        .json(errorBody('Service unavailable', 'unavailable'));
    }
    await sendText(req, res, sitemapXml(heads, offerCards(items), options.publicUrl), {
      status: 200,
      type: 'application/xml; charset=utf-8',
      cacheControl: 'no-cache',
    });
  });
  return router;
}
