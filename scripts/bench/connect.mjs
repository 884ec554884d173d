// The "Verify with Tullab" rows of `npm run bench` (issue 30 "Speed"), through the gateway, as a brand's server calls
// them at its checkout (docs/connect.md):
//  - POST /oidc/token: the authorization code grant with PKCE, the app authenticated with `client_secret_post`; every
//    answer must be 200 with an ID token saying the student is verified and holding a redemption token for the
//    brand's offer (the token endpoint's whole work: the code consumed, the claims read, the redemption token sealed,
//    `connect.verified` stored, the ID token signed).
//  - POST /api/connect/redemptions: a redemption token redeemed with the app's credentials (HTTP Basic, which the
//    gateway has identity check on every call) and an Idempotency-Key, as the quickstart does; every answer must be
//    201. The tokens are sealed here, as identity seals them, for the bench student under the `sub` the app saw.
// A code and a redemption token are each used once, so each load sends a fixed number of requests, one per code or
// token made before it (each-once.mjs). How many is the warm-up's rate × BENCH_SECONDS, so a load lasts about as
// long as the others'. Codes live 60 s: they are made just before their load, in parallel, and no more than are made
// in 30 s, so none expires before its turn. Each token request comes from an address of its own, as does each
// authorization request, so the bench measures the endpoints and not their limits per address (CONNECT_LIMITS).
import { createRequire } from 'node:module';
import { setUpConnect, nextAddress } from './connect-setup.mjs';
import { eachOnce } from './each-once.mjs';
import { CONNECTIONS, DURATION } from './settings.mjs';

const { sealRedemptionToken } = createRequire(import.meta.url)('@tullab/events');

/** requests in each warm-up */
const WARM_UP_REQUESTS = 10 * CONNECTIONS;
/** authorization requests made at once */
const CODE_MAKERS = 16;
/** the longest codes are made for, well within their 60 s */
const CODE_SECONDS = 30;

/** How many requests a load gets: its warm-up's rate for BENCH_SECONDS, at least one per connection, at most `most`. */
const sized = (rps, most) => Math.max(CONNECTIONS, Math.min(Math.round(rps * DURATION), Math.floor(most)));

/** The claims of an ID token (read, not verified: the provider's own tests verify its signature). */
const claimsOf = (idToken) => JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString());

/** `count` authorization codes, made CODE_MAKERS at a time; resolves with them and how many were made per second. */
async function makeCodes(makeCode, count) {
  const codes = new Array(count);
  let next = 0;
  const started = performance.now();
  const maker = async () => {
    while (next < count) {
      const i = next++;
      codes[i] = await makeCode();
    }
  };
  await Promise.all(Array.from({ length: CODE_MAKERS }, maker));
  return { codes, perSecond: count / ((performance.now() - started) / 1000) };
}

/** The token endpoint: a sample checked in full, a warm-up, then codes for BENCH_SECONDS exchanged once each. */
async function benchTokens(gatewayUrl, setup) {
  const { app, redirectUri, makeCode } = setup;
  const form = ({ code, verifier }) =>
    new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: app.id,
      client_secret: app.secret,
    }).toString();
  const options = {
    url: `${gatewayUrl}/oidc/token`,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  };
  const isCheckout = (claims) =>
    claims.aud === app.id && claims.student_verified === true && typeof claims.redemption_token === 'string';
  const exchanges = {
    request: (code) => ({ body: form(code), headers: { 'x-forwarded-for': nextAddress() } }),
    check: (status, body) => status === 200 && isCheckout(claimsOf(JSON.parse(body).id_token)),
  };

  const sample = await fetch(options.url, {
    method: 'POST',
    headers: { ...options.headers, 'x-forwarded-for': nextAddress() },
    body: form(await makeCode()),
  });
  const answer = await sample.json();
  const claims = answer.id_token && claimsOf(answer.id_token);
  if (sample.status !== 200 || !isCheckout(claims))
    throw new Error(`POST /oidc/token answered ${sample.status}: ${JSON.stringify(claims ?? answer)}`);

  const warm = await makeCodes(makeCode, WARM_UP_REQUESTS);
  const warmUp = await eachOnce('warm-up', options, warm.codes, exchanges);
  const { codes, perSecond } = await makeCodes(makeCode, sized(warmUp.rps, warm.perSecond * CODE_SECONDS));
  const tokens = await eachOnce('token via gateway', options, codes, exchanges);
  const result = {
    ...tokens,
    path: 'POST /oidc/token',
    sent: `one code each (PKCE), made beforehand at ${perSecond.toFixed(0)}/s`,
    checked: "200 with an ID token: the student verified, a redemption token for the brand's offer",
  };
  return { result, subject: claims.sub };
}

/** The checkout API's redemption: a warm-up, then tokens for BENCH_SECONDS redeemed once each. */
async function benchRedemptions(gatewayUrl, setup, { secret, subject }) {
  const { app, offerId, studentId } = setup;
  const claims = { brandId: app.brandId, appId: app.id, mode: app.mode, offerId, studentId, subject };
  let keys = 0;
  const tokens = (count) =>
    Array.from({ length: count }, () => ({
      token: sealRedemptionToken(secret, claims, Date.now()),
      key: `bench-checkout-${(keys += 1)}`,
    }));
  const options = {
    url: `${gatewayUrl}/api/connect/redemptions`,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString('base64')}`,
      // the brand's server
      'x-forwarded-for': '10.99.0.1',
    },
  };
  const redeeming = {
    request: ({ token, key }) => ({ body: JSON.stringify({ token }), headers: { 'idempotency-key': key } }),
    check: (status, body) => status === 201 && JSON.parse(body).offerId === offerId,
  };
  const warmUp = await eachOnce('warm-up', options, tokens(WARM_UP_REQUESTS), redeeming);
  const redeemed = await eachOnce(
    'redeem via gateway',
    options,
    tokens(sized(warmUp.rps, Infinity)),
    redeeming,
  );
  return {
    ...redeemed,
    path: 'POST /api/connect/redemptions',
    sent: 'one redemption token each, HTTP Basic, an Idempotency-Key',
    checked: "201 with a redemption of the brand's offer",
  };
}

/**
 * Both rows, for the bench student of `cookie` (signed in through the gateway) and a brand set up in the services'
 * databases (`schemas`); `secret` is INTERNAL_SECRET, which seals redemption tokens.
 */
export async function benchConnect({ gatewayUrl, databaseUrl, schemas, secret }, cookie) {
  const setup = await setUpConnect({ gatewayUrl, databaseUrl, schemas }, cookie);
  const { result: tokens, subject } = await benchTokens(gatewayUrl, setup);
  const redemptions = await benchRedemptions(gatewayUrl, setup, { secret, subject });
  return { tokens, redemptions };
}
