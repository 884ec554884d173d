import { z } from 'zod';
import { brandAppIdParams, brandAppModes, createBrandAppBody, updateBrandAppBody } from '../merchant/apps.js';
import { routeGroup } from './route.js';

/** `BrandAppAnswer` of @tullab/contracts, field by field. */
const brandApp = z
  .object({
    id: z.uuid().meta({ description: 'the OAuth `client_id`' }),
    name: z.string(),
    redirectUris: z.array(z.string()).meta({ description: 'matched exactly, as OAuth requires' }),
    mode: z.enum(brandAppModes),
    status: z.enum(['active', 'revoked']),
    secretHint: z.string().meta({ description: "the secret's last four characters" }),
    createdAt: z.string(),
    secretRotatedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({
    id: 'BrandApp',
    description:
      "A brand's registration with Tullab's OpenID Connect provider (decision 019); never its secret",
  });

const withSecret = z
  .object({
    app: brandApp,
    clientSecret: z
      .string()
      .meta({ description: 'the OAuth `client_secret`: shown this once, kept only hashed' }),
  })
  .meta({ id: 'BrandAppWithSecret' });

/** Brand apps, kept by identity (issue 30 point 2, decision 019): a brand's clients of "Verify with Tullab". */
export const brandApps = routeGroup({
  owner: 'identity',
  tag: 'Brand apps',
  description:
    "Decision 019: the apps a brand registers with Tullab's OpenID Connect provider to verify students at its own checkout. An app's id is its `client_id`; its secret is shown once, when the app is made and when the secret is rotated. Every change is in identity's audit log.",
  routes: {
    list: {
      method: 'get',
      path: '/merchant/apps',
      summary: "The apps of the caller's brand, revoked ones included, newest first",
      access: 'merchant',
      answer: z.array(brandApp),
    },
    create: {
      method: 'post',
      path: '/merchant/apps',
      summary: 'Register an app: its client id and, this once, its secret',
      access: 'merchant',
      body: createBrandAppBody,
      status: 201,
      answer: withSecret,
      refusals: [409],
      description:
        'A `live` app names HTTPS redirect URIs only; a `test` app may also name `http://localhost`. A brand has at most BRAND_APPS_PER_BRAND (10) apps that are not revoked: one more is 409 `conflict`.',
    },
    update: {
      method: 'put',
      path: '/merchant/apps/:id',
      summary: "Change an app's name and redirect URIs",
      access: 'merchant',
      params: brandAppIdParams,
      body: updateBrandAppBody,
      answer: brandApp,
      description: "Another brand's app, or a revoked one, is 404. A live app's URIs must be HTTPS.",
    },
    rotateSecret: {
      method: 'post',
      path: '/merchant/apps/:id/rotate-secret',
      summary: 'Give the app a new secret; the old one stops working at once',
      access: 'merchant',
      params: brandAppIdParams,
      answer: withSecret,
      description: "Another brand's app, or a revoked one, is 404.",
    },
    revoke: {
      method: 'post',
      path: '/merchant/apps/:id/revoke',
      summary: 'Revoke the app: its client id and secret stop working at once, for good',
      access: 'merchant',
      params: brandAppIdParams,
      answer: brandApp,
      description: "Another brand's app, or a revoked one, is 404.",
    },
  },
});
