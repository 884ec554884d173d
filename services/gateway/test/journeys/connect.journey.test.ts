import { client, ORIGIN } from '../helpers';
import { eventually } from './eventually';
import { signedInMerchant } from './merchants';
import { ADMIN, startStack, type Stack } from './stack';
import { signInStaff } from './staff';
import { signUpStudent, verifyByCode, type SignedUpStudent } from './students';

/**
 * Verify with Tullab (issue 30, decision 019) through the gateway: a standard OpenID Connect client (openid-client)
 * finds Tullab's provider at its public address (ORIGIN, the stack's PUBLIC_URL) and the keys its tokens are signed
 * with. The client's requests to ORIGIN reach the gateway under test, as a public proxy would pass them.
 */
let stack: Stack;
// ES modules only: loaded as a brand's CommonJS server would load them
let oidc: typeof import('openid-client', { with: { 'resolution-mode': 'import' } });
let jose: typeof import('jose', { with: { 'resolution-mode': 'import' } });

beforeAll(async () => {
  [oidc, jose] = await Promise.all([import('openid-client'), import('jose')]);
  stack = await startStack();
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

/** fetch, with Tullab's public address standing for the gateway under test */
const viaGateway: typeof fetch = (input, init) =>
  fetch(String(input instanceof Request ? input.url : input).replace(ORIGIN, stack.url), init);

describe('Verify with Tullab: the provider through the gateway', () => {
  test('openid-client discovers the issuer at PUBLIC_URL, with the code flow, S256 PKCE and ES256', async () => {
    const config = await oidc.discovery(new URL(ORIGIN), 'a-brand-app', 'its-secret', undefined, {
      execute: [oidc.allowInsecureRequests],
      [oidc.customFetch]: viaGateway,
    });
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(ORIGIN);
    expect(metadata.token_endpoint).toBe(`${ORIGIN}/oidc/token`);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.id_token_signing_alg_values_supported).toEqual(['ES256']);
    expect(metadata.supportsPKCE()).toBe(true);
  });

  test('the JWKS verifies what the provider signs and nothing signed by another key', async () => {
    const jwks = jose.createRemoteJWKSet(new URL(`${stack.url}/oidc/jwks`));
    const res = await fetch(`${stack.url}/oidc/jwks`);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    const { keys } = (await res.json()) as { keys: Array<{ kid: string; d?: string }> };
    expect(keys).toHaveLength(1);
    expect(keys[0].d).toBeUndefined();
    // a token signed by a key of someone else's, under the provider's key id, does not verify
    const { privateKey } = await jose.generateKeyPair('ES256');
    const forged = await new jose.SignJWT({ student_verified: true })
      .setProtectedHeader({ alg: 'ES256', kid: keys[0].kid })
      .setIssuer(ORIGIN)
      .sign(privateKey);
    await expect(jose.jwtVerify(forged, jwks, { issuer: ORIGIN })).rejects.toThrow();
  });

  test("a method or body the protocol does not use is refused; an unknown client gets OAuth's own error", async () => {
    const put = await fetch(`${stack.url}/oidc/token`, { method: 'PUT' });
    expect(put.status).toBe(405);
    const json = await fetch(`${stack.url}/oidc/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    // a token request from an unknown client is the provider's own OAuth error, not the gateway's
    const unknown = await fetch(`${stack.url}/oidc/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from('nobody:nothing').toString('base64')}`,
      },
      body: 'grant_type=authorization_code&code=x&redirect_uri=https%3A%2F%2Fshop.example%2Fcb',
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('Verify with Tullab: a brand verifies a student at its checkout', () => {
  const redirectUri = 'https://kicks.example/auth/tullab';
  let app: { id: string };
  let clientSecret: string;
  let student: SignedUpStudent;
  let merchant: Awaited<ReturnType<typeof signedInMerchant>>['merchant'];
  /** the brand's offer (its application's) */
  let offerId: string;

  const verifiedStudent = async () => {
    const signedUp = await signUpStudent(client(stack.url));
    await verifyByCode(stack, signedUp);
    return signedUp;
  };

  beforeAll(async () => {
    const admin = await signInStaff(stack.url, ADMIN);
    ({ merchant, offerId } = await signedInMerchant(stack, admin, 'Kicks'));
    const made = await merchant.post('/api/merchant/apps', {
      name: 'Kicks online shop',
      redirectUris: [redirectUri],
      mode: 'live',
    });
    expect(made.status).toBe(201);
    ({ app, clientSecret } = made.body);
    student = await verifiedStudent();
  }, 60_000);

  /** The brand's configuration, as its server would make it: nothing but the client id and secret. */
  const brand = () =>
    oidc.discovery(new URL(ORIGIN), app.id, clientSecret, undefined, {
      execute: [oidc.allowInsecureRequests],
      [oidc.customFetch]: viaGateway,
    });

  const pathOf = (url: string) => {
    const parsed = new URL(url, ORIGIN);
    return parsed.pathname + parsed.search;
  };

  /** The student's browser from the brand's redirect to the provider until it is sent back to the brand. */
  async function studentGoesThrough(
    authorizationUrl: URL,
    share: { first_name: boolean },
    who: SignedUpStudent = student,
  ) {
    const { agent } = who.browser;
    const started = await agent.get(pathOf(authorizationUrl.href));
    expect(started.status).toBe(303);
    const [, uid] = /^\/connect\/([^/?]+)$/.exec(started.headers.location) ?? [];
    expect(uid).toBeDefined();
    const details = await agent.get(`/connect/${uid}/details`);
    expect(details.status).toBe(200);
    expect(details.body).toEqual({
      uid,
      app: { name: 'Kicks online shop', mode: 'live' },
      scopes: ['student', 'first_name'],
      student: {
        firstName: 'Layla',
        verified: true,
        verifiedUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        // where verifyByCode's cud.ac.ae address verified them; shown only when the app asks for it
        institution: 'Canadian University Dubai',
      },
    });
    const decided = await agent
      .post(`/connect/${uid}/decision`)
      .set('Origin', ORIGIN)
      .send({ consent: true, share });
    expect(decided.status).toBe(200);
    const resumed = await agent.get(pathOf(decided.body.redirectTo));
    expect(resumed.status).toBe(303);
    return new URL(resumed.headers.location);
  }

  async function authorization(extra: Record<string, string> = {}) {
    const config = await brand();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid student first_name',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...extra,
    });
    return { config, verifier, state, url };
  }

  test('openid-client completes the code flow: the ID token says verified, until when, and the first name shared', async () => {
    const { config, verifier, state, url } = await authorization();
    const back = await studentGoesThrough(url, { first_name: true });
    expect(back.origin + back.pathname).toBe(redirectUri);
    const tokens = await oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.refresh_token).toBeUndefined();
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: ORIGIN, aud: app.id, student_verified: true, given_name: 'Layla' });
    expect(claims.verified_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(claims.sub).not.toBe(student.id);
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(300);
    for (const claim of Object.keys(claims)) expect(claim).not.toMatch(/email|phone/);
    // no offer named, no redemption token
    expect(claims.redemption_token).toBeUndefined();
    // the code was used: a replay is OAuth's invalid_grant (and revokes what the code gave)
    await expect(
      oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  test('consent is remembered per brand: the next checkout needs no screen, until the student signs out', async () => {
    // (a replayed code revokes its grant, as the first journey's did: this student is new)
    const regular = await verifiedStudent();
    const { agent } = regular.browser;
    const first = await authorization();
    await oidc.authorizationCodeGrant(
      first.config,
      await studentGoesThrough(first.url, { first_name: true }, regular),
      {
        pkceCodeVerifier: first.verifier,
        expectedState: first.state,
      },
    );
    const again = await authorization();
    const back = await agent.get(pathOf(again.url.href));
    expect(back.status).toBe(303);
    expect(back.headers.location.startsWith(redirectUri)).toBe(true);
    const tokens = await oidc.authorizationCodeGrant(again.config, new URL(back.headers.location), {
      pkceCodeVerifier: again.verifier,
      expectedState: again.state,
    });
    expect(tokens.claims()).toMatchObject({ student_verified: true });
    // signed out of Tullab (a shared computer): the provider does not answer for them any more
    expect((await regular.browser.post('/api/auth/logout')).status).toBe(204);
    const signedOut = await agent.get(pathOf((await authorization()).url.href));
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.location).toMatch(/^\/connect\//);
  });

  test('a student sees the brand among their connected brands and takes the consent back: the next checkout asks again', async () => {
    const regular = await verifiedStudent();
    const { agent } = regular.browser;
    const first = await authorization();
    await oidc.authorizationCodeGrant(
      first.config,
      await studentGoesThrough(first.url, { first_name: false }, regular),
      { pkceCodeVerifier: first.verifier, expectedState: first.state },
    );
    const listed = await regular.browser.get('/api/students/me/connected-brands');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: app.id,
        appName: 'Kicks online shop',
        mode: 'live',
        scopes: ['student'],
      }),
    ]);
    const removed = await agent.delete(`/api/students/me/connected-brands/${app.id}`).set('Origin', ORIGIN);
    expect(removed.status).toBe(204);
    expect((await regular.browser.get('/api/students/me/connected-brands')).body).toEqual([]);
    // still signed in at Tullab, but the brand must ask again
    const again = await agent.get(pathOf((await authorization()).url.href));
    expect(again.status).toBe(303);
    expect(again.headers.location).toMatch(/^\/connect\//);
  });

  test("a student may keep their first name to themselves; a brand's id for a student is its own", async () => {
    const other = await verifiedStudent();
    const { config, verifier, state, url } = await authorization();
    const back = await studentGoesThrough(url, { first_name: false }, other);
    const tokens = await oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ student_verified: true });
    expect(claims.given_name).toBeUndefined();
    expect(claims.sub).not.toBe(other.id);
    expect(claims.sub).toMatch(/^[0-9a-f]{64}$/);
  });

  test('a wrong secret and a redirect URI not registered are refused', async () => {
    const other = await verifiedStudent();
    const { verifier, state, url } = await authorization();
    const back = await studentGoesThrough(url, { first_name: false }, other);
    const wrong = await oidc.discovery(new URL(ORIGIN), app.id, 'not-the-secret', undefined, {
      execute: [oidc.allowInsecureRequests],
      [oidc.customFetch]: viaGateway,
    });
    await expect(
      oidc.authorizationCodeGrant(wrong, back, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({ error: 'invalid_client' });
    const elsewhere = new URL(url);
    elsewhere.searchParams.set('redirect_uri', 'https://kicks.example/other');
    const refused = await other.browser.agent.get(pathOf(elsewhere.href));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('redirect_uri');
  });

  test('declining sends the student back to the brand with access_denied', async () => {
    const { url } = await authorization();
    const { agent } = (await verifiedStudent()).browser;
    const started = await agent.get(pathOf(url.href));
    const uid = started.headers.location.split('/').pop();
    const decided = await agent
      .post(`/connect/${uid}/decision`)
      .set('Origin', ORIGIN)
      .send({ consent: false });
    const back = new URL((await agent.get(pathOf(decided.body.redirectTo))).headers.location);
    expect(back.searchParams.get('error')).toBe('access_denied');
  });

  test('the decision must come from Tullab’s own page, by a signed-in student, for the interaction of this browser', async () => {
    const { url } = await authorization();
    const { agent } = (await verifiedStudent()).browser;
    const uid = (await agent.get(pathOf(url.href))).headers.location.split('/').pop();
    const foreign = await agent
      .post(`/connect/${uid}/decision`)
      .set('Origin', 'https://evil.example')
      .send({ consent: true });
    expect(foreign.status).toBe(403);
    // another browser, without the interaction's cookie, finds nothing
    const other = await signUpStudent(client(stack.url));
    const stranger = await other.browser.agent.get(`/connect/${uid}/details`);
    expect(stranger.status).toBe(404);
  });

  test("a checkout's redemption token is redeemed once with the app's credentials; its order shows in the brand's funnel", async () => {
    const shopper = await verifiedStudent();
    const { config, verifier, state, url } = await authorization({ offer: offerId });
    const back = await studentGoesThrough(url, { first_name: false }, shopper);
    const tokens = await oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const token = tokens.claims()!.redemption_token;
    expect(typeof token).toBe('string');
    expect(String(token)).not.toContain(shopper.id);

    const call = (path: string, body: unknown, secret = clientSecret, key?: string) =>
      fetch(`${stack.url}/api/connect/${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
          ...(key && { 'Idempotency-Key': key }),
        },
        body: JSON.stringify(body),
      });
    const wrong = await call('redemptions', { token }, 'not-the-secret');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic realm="Tullab"/);
    const redeemed = await call('redemptions', { token }, clientSecret, 'checkout-1');
    expect(redeemed.status).toBe(201);
    const redemption = (await redeemed.json()) as { id: string; offerId: string; mode: string };
    expect(redemption).toMatchObject({ offerId, mode: 'live' });
    expect((await call('redemptions', { token }, clientSecret, 'checkout-1')).status).toBe(200);
    const replayed = await call('redemptions', { token });
    expect(replayed.status).toBe(409);
    expect(await replayed.json()).toMatchObject({ code: 'redemption_used' });

    const order = { redemptionId: redemption.id, reference: 'KICKS-1001', amount: 349.99, currency: 'AED' };
    expect((await call('orders', order)).status).toBe(201);
    expect((await call('orders', order)).status).toBe(200);
    const funnel = await eventually(
      () => merchant.get(`/api/merchant/funnel?offerId=${offerId}`),
      (res) => res.body.totals?.redemptions >= 1,
    );
    expect(funnel.body.totals).toMatchObject({ redemptions: 1, orders: 1, revenue: 349.99 });

    // a malformed offer is the brand's request's fault, told as OAuth tells it: back at its redirect URI
    const malformed = await shopper.browser.agent.get(
      pathOf((await authorization({ offer: 'not-an-offer' })).url.href),
    );
    expect(malformed.status).toBe(303);
    const refusal = new URL(malformed.headers.location);
    expect(refusal.origin + refusal.pathname).toBe(redirectUri);
    expect(refusal.searchParams.get('error')).toBe('invalid_request');
  });
});
