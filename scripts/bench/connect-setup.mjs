// What the "Verify with Tullab" rows of `npm run bench` start from (issue 30, decision 019): a brand with one offer
// (rows of offers' database, as approving its application makes them), the brand's live app (a row of identity's
// `brand_apps`, with a secret the bench knows: identity keeps only its SHA-256, as the portal's "create" does), and a
// bench student, verified (identity's user row, as verification's event leaves it), who consents to the app once
// through the gateway as a browser does (docs/connect.md "Consent"). After that, each GET /oidc/auth with the
// student's cookies (the Tullab session `sid` and the provider's `connect_*`) answers a code at once, as a returning
// student's checkout does.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { CONNECT_COOKIE_PREFIX } from '@tullab/contracts';
import { ORIGIN } from './settings.mjs';

const REDIRECT_URI = 'https://shop.bench.example/tullab/callback';
const base64url = (bytes) => Buffer.from(bytes).toString('base64url');

let addresses = 0;
/** An address of its own for each request: the provider's endpoints are limited per address (CONNECT_LIMITS). */
export function nextAddress() {
  addresses += 1;
  return `10.${100 + (addresses >> 16)}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** The brand, its offer and its live app, written straight to the services' databases. */
async function brandWithApp({ gatewayUrl, databaseUrl, schemas }) {
  const brandId = randomUUID();
  const app = { id: randomUUID(), secret: base64url(randomBytes(32)), brandId, mode: 'live' };
  // the catalogue's last offer: the code copies use its first two
  const offerId = (await (await fetch(`${gatewayUrl}/api/offers`)).json()).at(-1).id;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into "${schemas.offers}".brand (id, name, contact_email, contact_name) values ($1, $2, $3, $4)`,
      [brandId, 'Bench Shop', 'shop@bench.example', 'Sara Ali'],
    );
    await db.query(`update "${schemas.offers}".offer set brand_id = $1 where id = $2`, [brandId, offerId]);
    await db.query(
      `insert into "${schemas.identity}".brand_apps (id, brand_id, name, redirect_uris, mode, secret_hash,
        secret_hint, created_by, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8, now())`,
      [
        app.id,
        brandId,
        'Bench Shop checkout',
        [REDIRECT_URI],
        app.mode,
        createHash('sha256').update(app.secret).digest('hex'),
        app.secret.slice(-4),
        randomUUID(),
      ],
    );
    return { app, offerId };
  } finally {
    await db.end();
  }
}

/** The signed-in student of `cookie`, made verified for a year; resolves with their id. */
async function verifiedStudent({ gatewayUrl, databaseUrl, schemas }, cookie) {
  const { user } = await (await fetch(`${gatewayUrl}/api/auth/user`, { headers: { cookie } })).json();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `update "${schemas.identity}".users set verification_status = 'active', verified_at = now(),
        verification_changed_at = now(), verification_expires_at = now() + interval '1 year' where id = $1`,
      [user.id],
    );
  } finally {
    await db.end();
  }
  return user.id;
}

/** The cookies of a browser: the ones it started with, and the provider's as its answers set and clear them. */
function cookieJar(start) {
  const cookies = new Map(
    start.split('; ').map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]),
  );
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    remember(res) {
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const name = pair.slice(0, pair.indexOf('=')).trim();
        if (!name.startsWith(CONNECT_COOKIE_PREFIX)) continue;
        const value = pair.slice(pair.indexOf('=') + 1);
        const expired = attributes.some(
          (a) =>
            /^\s*max-age=0\s*$/i.test(a) ||
            (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()),
        );
        if (expired || !value) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

/** A checkout's authorization request for the app and offer (PKCE S256): its path, verifier and state. */
function authorizationRequest(app, offerId) {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(12));
  const query = new URLSearchParams({
    client_id: app.id,
    response_type: 'code',
    scope: 'openid student',
    redirect_uri: REDIRECT_URI,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    state,
    nonce: base64url(randomBytes(12)),
    offer: offerId,
  });
  return { path: `/oidc/auth?${query}`, verifier, state };
}

/** The student's consent to the app, given once as the journey gives it, from one address; resolves with the jar. */
async function consent(gatewayUrl, { app, offerId }, cookie) {
  const jar = cookieJar(cookie);
  const address = nextAddress();
  const browse = async (path, init = {}) => {
    const res = await fetch(new URL(path, gatewayUrl), {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: jar.header(), 'x-forwarded-for': address },
    });
    jar.remember(res);
    return res;
  };
  const { path, state } = authorizationRequest(app, offerId);
  const started = await browse(path);
  const [, uid] = /^\/connect\/([^/?]+)$/.exec(started.headers.get('location') ?? '') ?? [];
  if (started.status !== 303 || !uid) throw new Error(`GET /oidc/auth answered ${started.status}`);
  const details = await (await browse(`/connect/${uid}/details`)).json();
  if (details.student?.verified !== true)
    throw new Error(`the consent screen shows ${JSON.stringify(details)}`);
  const decided = await browse(`/connect/${uid}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ consent: true, share: { first_name: false } }),
  });
  if (decided.status !== 200)
    throw new Error(`the decision answered ${decided.status}: ${await decided.text()}`);
  const { redirectTo } = await decided.json();
  const resumed = await browse(new URL(redirectTo).pathname + new URL(redirectTo).search);
  const back = new URL(resumed.headers.get('location') ?? '', ORIGIN);
  if (resumed.status !== 303 || !back.searchParams.get('code') || back.searchParams.get('state') !== state)
    throw new Error(`after the consent the provider answered ${resumed.status} to ${back}`);
  return jar;
}

/**
 * The brand, its offer and app, and the verified student of `cookie` (signed in through the gateway), who has
 * consented to the app. `makeCode()` then makes one authorization code as a returning student's checkout does, from
 * an address of its own: resolves with `{ code, verifier }`.
 */
export async function setUpConnect({ gatewayUrl, databaseUrl, schemas }, cookie) {
  const where = { gatewayUrl, databaseUrl, schemas };
  const [brand, studentId] = await Promise.all([brandWithApp(where), verifiedStudent(where, cookie)]);
  const jar = await consent(gatewayUrl, brand, cookie);
  const cookies = jar.header();
  const makeCode = async () => {
    const { path, verifier, state } = authorizationRequest(brand.app, brand.offerId);
    const res = await fetch(new URL(path, gatewayUrl), {
      redirect: 'manual',
      headers: { cookie: cookies, 'x-forwarded-for': nextAddress() },
    });
    // read to the end, so that the connection is used again
    await res.arrayBuffer();
    const back = new URL(res.headers.get('location') ?? '', ORIGIN);
    const code = back.searchParams.get('code');
    if (res.status !== 303 || !code || back.searchParams.get('state') !== state)
      throw new Error(`GET /oidc/auth answered ${res.status} to ${back}`);
    return { code, verifier };
  };
  return { ...brand, studentId, redirectUri: REDIRECT_URI, makeCode };
}
