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
} as const;

/** The provider's cookies all start with this; the gateway passes only these both ways on the protocol's paths. */
export const CONNECT_COOKIE_PREFIX = 'connect_';

/** True for a path the provider answers (the discovery document and everything below `/oidc/`). */
export const isConnectPath = (pathname: string): boolean =>
  pathname === CONNECT_PATHS.discovery || pathname.startsWith(CONNECT_PATHS.prefix);

/**
 * What a brand may learn of a student, by scope: `student` whether they are verified and until when (`YYYY-MM-DD`),
 * `first_name` their first name once the student agrees. Nothing else about a student is a claim.
 */
export const CONNECT_CLAIMS: Record<string, string[]> = {
  student: ['student_verified', 'verified_until'],
  first_name: ['given_name'],
};

/** How long an ID token and an access token live, in seconds: a checkout, not a session. */
export const CONNECT_TOKEN_SECONDS = 5 * 60;
