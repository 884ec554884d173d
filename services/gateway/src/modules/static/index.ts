import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type Request, type Response } from 'express';
import { errorBody } from '@tullab/http';
import {
  listedOffer,
  matchRoute,
  notFoundHead,
  OFFER_PARAM,
  OFFER_ROUTE,
  offerPageHead,
  pageLanguage,
  readPageHeads,
  routeHead,
  sendText,
  withHead,
  type HeadTags,
  type ListedOffers,
} from '../pages';
import { precompressedFiles, readBuilt } from './precompressed';

/**
 * An app's client-side routes, from the `routes.json` its build writes (the student app's: SPEC §2 plus
 * /how-it-works; the merchant portal's). Read per request, like index.html, so a rebuild is picked up; null before a
 * build, or for a build that writes none (the console).
 */
async function appRoutes(dir: string): Promise<Set<string> | null> {
  try {
    const routes: unknown = JSON.parse(await readFile(path.join(dir, 'routes.json'), 'utf8'));
    return Array.isArray(routes) ? new Set(routes.filter((r): r is string => typeof r === 'string')) : null;
  } catch {
    return null;
  }
}

/** A path without its trailing slash (`/merchant/` is `/merchant`), `/` itself aside. */
const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;

const IMMUTABLE = 'public, max-age=31536000, immutable';

function placeholder(app: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tullab</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1d2b36}code{background:#eef5f1;padding:.1rem .3rem;border-radius:3px}h1{color:#2e9e6a}</style>
</head>
<body>
<h1>Tullab</h1>
<p>The ${app} is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it), then reload this page.</p>
<p>The API is up at <code>/api</code>; <code>/api/readyz</code> shows the state of each service.</p>
</body>
</html>
`;
}

/**
 * The build's files, their brotli or gzip copy to a client that takes it. Hashed build output under `assets/` is
 * cached for a year; everything else is revalidated.
 */
function staticFiles(dir: string): Router {
  const assets = path.join(path.resolve(dir), 'assets') + path.sep;
  const cacheControl = (file: string) => (file.startsWith(assets) ? IMMUTABLE : 'no-cache');
  return Router().use(
    precompressedFiles(dir, cacheControl),
    express.static(dir, {
      index: false,
      redirect: false,
      fallthrough: true,
      cacheControl: false,
      setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControl(file)),
    }),
  );
}

/** Explicitly asks for a page (a browser navigation), as opposed to a script, image or API client. */
function wantsHtml(req: Request): boolean {
  const accept = req.headers.accept ?? '';
  return /\btext\/html\b|\bapplication\/xhtml\+xml\b/i.test(accept);
}

/**
 * A page of the app: `page` (compressed as the client takes it), else index.html, read per request so a rebuild is
 * picked up; a placeholder page while the app is not built.
 */
async function sendPage(
  req: Request,
  res: Response,
  dir: string,
  app: string,
  status: number,
  page = 'index.html',
): Promise<void> {
  const accepted = req.headers['accept-encoding'];
  const built =
    (await readBuilt(path.join(dir, page), accepted)) ??
    (await readBuilt(path.join(dir, 'index.html'), accepted));
  res.status(status).type('html').setHeader('Cache-Control', 'no-cache');
  res.vary('Accept-Encoding');
  if (built?.encoding) res.setHeader('Content-Encoding', built.encoding);
  res.send(built?.body ?? placeholder(app));
}

const isGet = (req: Request) => req.method === 'GET' || req.method === 'HEAD';

/**
 * A page of the student app with the head the gateway writes (issue 13 point 5): `page`, else index.html, with the
 * title, description, canonical address, language alternates and preview tags of `head`; a placeholder page while
 * the app is not built.
 */
async function sendPageWithHead(
  req: Request,
  res: Response,
  dir: string,
  status: number,
  page: string,
  head: HeadTags,
): Promise<void> {
  const html =
    (await readFile(path.join(dir, page), 'utf8').catch(() => null)) ??
    (await readFile(path.join(dir, 'index.html'), 'utf8').catch(() => null));
  if (html === null) return sendPage(req, res, dir, 'student app', status, page);
  await sendText(req, res, withHead(html, head), { status, type: 'html', cacheControl: 'no-cache' });
}

/**
 * An app served under a base path of its own (`/admin`, `/merchant`): its built files, and index.html for a page.
 * When the build lists its pages (`routes.json`: the merchant portal does, the console routes with a hash and does
 * not), a page outside them is sent with status 404, and the app shows its not-found page. Nothing under the base
 * falls through to the student app.
 */
function appUnder(base: string, dir: string, name: string): Router {
  const app = Router();
  app.use(staticFiles(dir));
  app.use(async (req, res, next) => {
    if (!isGet(req) || req.path.startsWith('/assets/') || (req.path !== '/' && !wantsHtml(req)))
      return next();
    const routes = await appRoutes(dir);
    const pathname = withoutTrailingSlash(base + req.path);
    await sendPage(req, res, dir, name, !routes || matchRoute(routes, pathname) ? 200 : 404);
  });
  app.use(
    (_req, res) =>
      void res.status(404).setHeader('Cache-Control', 'no-store').json(errorBody('Not found', 'not_found')),
  );
  return app;
}

/**
 * The student app at `/`, the admin console at `/admin` and the merchant portal at `/merchant` (ARCHITECTURE
 * "Layout", issue 29): their built files, and index.html for the client-side routes. A page outside SPEC §2 gets
 * index.html with status 404 (the app shows 'Page Not Found'); a missing asset is a plain 404.
 *
 * Issue 13 point 5: when the student build wrote `pages.json`, each page is sent with its own `<title>`, description,
 * canonical address and hreflang alternates in the language of `?lang=` (`<html lang dir>` too), and an offer's own
 * page (`/offers/<id>`) or the home page naming it (`/?offer=<id>`) with the offer's Open Graph and Twitter tags, for
 * link previews and crawlers that run no JavaScript. `/offers/<id>` of an offer that is not listed is a 404 page.
 */
export function staticApps(options: {
  studentDir: string;
  adminDir: string;
  merchantDir: string;
  /** the address the site is public at, for canonical and preview addresses */
  publicUrl: string;
  /** the listed offers, for an offer's preview (`/?offer=<id>`, `/offers/<id>`) */
  catalogue: ListedOffers;
}): Router {
  const router = Router();
  router.use('/admin', appUnder('/admin', options.adminDir, 'admin console'));
  router.use('/merchant', appUnder('/merchant', options.merchantDir, 'merchant portal'));

  router.use(staticFiles(options.studentDir));
  router.use(async (req, res, next) => {
    if (!isGet(req) || req.path.startsWith('/assets/')) return next();
    const dir = options.studentDir;
    const pathname = withoutTrailingSlash(req.path);
    const matched = matchRoute((await appRoutes(dir)) ?? ['/'], pathname);
    const query = new URL(req.originalUrl, 'http://gateway').searchParams;
    // an offer's own page, or the home page naming one: the offer's preview when it is listed
    const offerId =
      matched?.route === OFFER_ROUTE
        ? matched.params.offerId
        : matched?.route === '/'
          ? query.get(OFFER_PARAM)
          : null;
    const heads = await readPageHeads(dir);
    // (without pages.json, the home page is sent as built: no need to look the offer up)
    const lookUp = offerId && (heads || matched?.route === OFFER_ROUTE);
    const offer = lookUp ? await listedOffer(options.catalogue, offerId) : undefined;
    // `/offers/<id>` of an offer that is not listed is a page like any unknown one (undefined: offers cannot say)
    const found = matched !== null && !(matched.route === OFFER_ROUTE && offer === null);
    if (!found && !wantsHtml(req)) return next();
    const status = found ? 200 : 404;
    // index.html paints the home page's hero before the app has loaded; app.html, for every other page, does not
    const page =
      found && (matched.route === '/' || matched.route === OFFER_ROUTE) ? 'index.html' : 'app.html';
    // a build without pages.json: its pages as built
    if (!heads) return sendPage(req, res, dir, 'student app', status, page);
    const language = pageLanguage(query);
    const head = !found
      ? notFoundHead(heads, language)
      : offer
        ? offerPageHead(heads, offer, language, options.publicUrl)
        : routeHead(heads, matched.route, pathname, language, options.publicUrl);
    return sendPageWithHead(req, res, dir, status, page, head);
  });
  return router;
}
