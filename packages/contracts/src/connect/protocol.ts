import { z } from 'zod';

/**
 * Verify with Tullab (issue 30, decision 019): where identity's OpenID Connect provider answers. These are a
 * protocol's paths, not JSON API routes: the gateway passes them to identity unchanged, with the provider's own
 * cookies and the client's `Authorization`, and writes `X-Forwarded-Host`/`-Proto` from PUBLIC_URL.
 */
export const CONNECT_PATHS = {
  discovery: '/.well-known/openid-configuration',
  /** every endpoint of the protocol is below it */
  prefix: '/oidc/',
  routes: {
    authorization: '/oidc/auth',
    token: '/oidc/token',
    jwks: '/oidc/jwks',
    userinfo: '/oidc/me',
    revocation: '/oidc/token/revocation',
  },
  /** the student app's sign-in and consent screens: `/connect/<interaction uid>` */
  interaction: '/connect',
  /** the "Verify with Tullab" button's script for brands' pages (issue 30 point 6), served by the gateway itself */
  button: '/connect/button.js',
} as const;

/** The provider's cookies all start with this; the gateway passes only these both ways on the protocol's paths. */
export const CONNECT_COOKIE_PREFIX = 'connect_';

/**
 * The sign-in and consent screen's calls: `GET /connect/<uid>/details` and `POST /connect/<uid>/decision`, below the
 * screen's own address so that the provider's interaction cookie (its path is the screen's) comes with them.
 */
export const INTERACTION_CALL = /^\/connect\/([A-Za-z0-9_-]{1,64})\/(details|decision)$/;

/** True for a path identity's provider answers: the discovery document, `/oidc/*` and the interaction calls. */
export const isConnectPath = (pathname: string): boolean =>
  pathname === CONNECT_PATHS.discovery ||
  pathname.startsWith(CONNECT_PATHS.prefix) ||
  INTERACTION_CALL.test(pathname);

/**
 * A checkout names the offer it redeems with this parameter of its authorization request (issue 30 point 3); the ID
 * token of a verified student then carries REDEMPTION_TOKEN_CLAIM, a single-use token for that offer.
 */
export const CONNECT_OFFER_PARAM = 'offer';
export const REDEMPTION_TOKEN_CLAIM = 'redemption_token';

/**
 * What a brand may learn of a student, by scope: `student` whether they are verified and until when (`YYYY-MM-DD`),
 * and, when the checkout named an offer, a redemption token for it (nothing about the student: it is sealed);
 * `first_name` their first name and `institution` the name of the institution they are verified at, each once the
 * student agrees. Nothing else about a student is a claim.
 */
export const CONNECT_CLAIMS: Record<string, string[]> = {
  student: ['student_verified', 'verified_until', REDEMPTION_TOKEN_CLAIM],
  first_name: ['given_name'],
  institution: ['institution'],
};

/** The scopes a brand may ask for besides `openid` that are the student's to refuse on the consent screen. */
export const CONNECT_OPTIONAL_SCOPES = ['first_name', 'institution'] as const;
export type ConnectOptionalScope = (typeof CONNECT_OPTIONAL_SCOPES)[number];

/**
 * POST /connect/<uid>/decision: the student agrees (sharing the optional claims they chose, by scope) or declines.
 * An optional scope left out is not shared.
 */
export const connectDecisionBody = z.object({
  consent: z.boolean('Say whether you agree'),
  share: z
    .object({ first_name: z.boolean().default(false), institution: z.boolean().default(false) })
    .default({ first_name: false, institution: false }),
});
export type ConnectDecisionBody = z.infer<typeof connectDecisionBody>;

/** GET /connect/<uid>/details: what the consent screen shows. */
export interface ConnectInteraction {
  uid: string;
  /** the app asking, as its brand named it, and whether it is a test app */
  app: { name: string; mode: 'test' | 'live' };
  /** the scopes asked for besides `openid` */
  scopes: string[];
  /** the signed-in student, or null: the screen sends a visitor to sign in first */
  student: {
    firstName: string;
    verified: boolean;
    verifiedUntil: string | null;
    /** the institution they are verified at, when they are verified and identity knows it */
    institution: string | null;
  } | null;
}

/** What the screen does after a decision: go to `redirectTo` (back through the provider to the brand). */
export interface ConnectDecisionAnswer {
  redirectTo: string;
}

/**
 * Requests per client address and minute on the provider's authorization and token endpoints (issue 30 "Limits and
 * security"). The authorization endpoint is asked by students' browsers, many of them behind one campus address: ten
 * a second. The token endpoint is asked by a brand's server, every checkout's code from its one address: fifty a
 * second, the provider's own pace on this hardware (`npm run bench`). Guessing a code or a secret is hopeless at any
 * rate (each is 32 random bytes or more); the limits bound what one address can make the provider sign.
 */
export const CONNECT_LIMITS = {
  authorization: { limit: 600, windowSeconds: 60 },
  token: { limit: 3000, windowSeconds: 60 },
} as const;

/** How long an ID token and an access token live, in seconds: a checkout, not a session. */
export const CONNECT_TOKEN_SECONDS = 5 * 60;

/**
 * How long a student has, in seconds, from a brand's authorization request to their decision (the provider's
 * interaction): time to sign in, or sign up and verify, in the popup. The gateway's flow marker lives as long.
 */
export const CONNECT_INTERACTION_SECONDS = 10 * 60;
