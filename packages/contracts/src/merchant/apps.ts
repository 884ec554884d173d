import { z } from 'zod';

/**
 * Brand apps (issue 30 point 2, decision 019): a brand's registrations with Tullab's OpenID Connect provider, one per
 * checkout (a shop, its test copy). Its id is the OAuth `client_id`; its secret is shown once, when it is made or
 * rotated, and kept only as a SHA-256 hash. A `test` app may send students back to `http://localhost`; a `live` app
 * only to HTTPS addresses.
 */
export const brandAppModes = ['test', 'live'] as const;
export type BrandAppMode = (typeof brandAppModes)[number];

/** The most apps a brand may have that are not revoked, and the most redirect URIs an app may name. */
export const BRAND_APPS_PER_BRAND = 10;
export const REDIRECT_URIS_PER_APP = 10;

export const brandAppMessages = {
  name: 'Give the app a name of 2 to 80 characters',
  redirectUris: `Give 1 to ${REDIRECT_URIS_PER_APP} redirect URIs`,
  redirectUri: 'A redirect URI is a full https:// address without a #fragment',
  liveRedirectUri: 'A live app sends students back to https:// addresses only',
  mode: 'The mode is test or live',
} as const;

/** http is for this computer only (a test app's shop running on the developer's machine). */
const LOCAL_HTTP = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?(\/[^\s#]*)?$/;
const HTTPS = /^https:\/\/[^\s#]+$/;

/** A redirect URI as OAuth matches it, exactly: an http(s) URL without a fragment; http only for this computer. */
const redirectUri = z
  .url({ protocol: /^https?$/, error: brandAppMessages.redirectUri })
  .trim()
  .max(2000, brandAppMessages.redirectUri)
  .refine((value) => HTTPS.test(value) || LOCAL_HTTP.test(value), brandAppMessages.redirectUri);

const appFields = {
  name: z.string(brandAppMessages.name).trim().min(2, brandAppMessages.name).max(80, brandAppMessages.name),
  redirectUris: z
    .array(redirectUri, brandAppMessages.redirectUris)
    .min(1, brandAppMessages.redirectUris)
    .max(REDIRECT_URIS_PER_APP, brandAppMessages.redirectUris)
    .transform((uris) => [...new Set(uris)]),
};

/** A live app's redirect URIs are all HTTPS. */
function liveIsHttps(app: { mode: BrandAppMode; redirectUris: string[] }, ctx: z.RefinementCtx): void {
  if (app.mode !== 'live') return;
  app.redirectUris.forEach((uri, index) => {
    if (!uri.startsWith('https://'))
      ctx.addIssue({
        code: 'custom',
        path: ['redirectUris', index],
        message: brandAppMessages.liveRedirectUri,
      });
  });
}

/** POST /merchant/apps */
export const createBrandAppBody = z
  .object({ ...appFields, mode: z.enum(brandAppModes, brandAppMessages.mode).default('test') })
  .superRefine(liveIsHttps);
export type CreateBrandAppBody = z.infer<typeof createBrandAppBody>;

/** PUT /merchant/apps/:id: its name and redirect URIs (its mode is what it was made as). */
export const updateBrandAppBody = z.object(appFields);
export type UpdateBrandAppBody = z.infer<typeof updateBrandAppBody>;

/** /merchant/apps/:id… */
export const brandAppIdParams = z.object({ id: z.uuid('Not a valid app id') });

/** A brand app as its brand sees it: never its secret, only the secret's last four characters. */
export interface BrandAppAnswer {
  /** the OAuth client_id */
  id: string;
  name: string;
  redirectUris: string[];
  mode: BrandAppMode;
  status: 'active' | 'revoked';
  /** the secret's last four characters, to tell which one a server holds */
  secretHint: string;
  createdAt: string;
  secretRotatedAt: string | null;
  revokedAt: string | null;
}

/** The answer that carries a secret, once: when the app is made and when its secret is rotated. */
export interface BrandAppWithSecret {
  app: BrandAppAnswer;
  /** the OAuth client_secret: shown this once, kept by Tullab only as a hash */
  clientSecret: string;
}
