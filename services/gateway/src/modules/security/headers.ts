import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { popupOpenerPolicy } from './opener-policy';

/**
 * helmet with a real CSP for the Vite/React/MUI apps (S26): scripts only from our origin, inline styles for emotion,
 * images and fonts from our origin or data:/blob: URLs, frames from our origin or blob: URLs (the admin
 * document viewer shows a fetched document from a blob: URL), nothing
 * may frame us, no <base>, no plugins, forms post only to us. HSTS one year with subdomains, no referrer, COOP and
 * CORP same-origin (COOP is `unsafe-none` in a "Verify with Tullab" popup: `popupOpenerPolicy`). X-Frame-Options
 * stays SAMEORIGIN: pages are protected by `frame-ancestors 'none'`, and a document the admin viewer frames comes
 * with its service's own CSP.
 */
function helmetFor(publicUrl: string) {
  const https = new URL(publicUrl).protocol === 'https:';
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Only behind https: on a plain-http local run it would send the browser to a port nobody serves.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true, preload: false },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });
}

/**
 * The headers helmet sets for our policy, worked out once: they are the same for every answer, so each request only
 * copies them (helmet's dozen middlewares per request were a tenth of the gateway's time on its hot paths).
 */
export function securityHeaderValues(publicUrl: string): ReadonlyArray<readonly [string, string]> {
  const values: [string, string][] = [];
  const collector = {
    setHeader: (name: string, value: string | number) => values.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmetFor(publicUrl)({} as Request, collector as unknown as Response, () => undefined);
  return values;
}

/** The security headers on every answer of the app, with COOP's one exemption (`popupOpenerPolicy`). */
export function securityHeaders(publicUrl: string): RequestHandler {
  const values = securityHeaderValues(publicUrl);
  const openerPolicy = popupOpenerPolicy(publicUrl);
  return (req, res, next) => {
    for (const [name, value] of values) res.setHeader(name, value);
    openerPolicy(req, res);
    next();
  };
}

/** Every /api answer is `Cache-Control: no-store` unless the service chose otherwise (its header replaces this). */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
