import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import type { ConnectDecisionBody, ConnectInteraction } from '@tullab/contracts';
import { signIdentity, type Caller } from '@tullab/http';
import { INTERNAL_SECRET, randomIp, visitor, type TestClient, type TestIdentity } from './helpers';

/** What a brand's checkout holds: its app's credentials and where the provider sends students back. */
export interface BrandCheckout {
  appId: string;
  clientSecret: string;
  redirectUri: string;
}

/** The claims of a JWT, read without checking its signature (the provider's own tests check the keys). */
const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

/**
 * The authorization code flow against identity alone, as the gateway passes it (decision 019): the student's browser
 * (the provider's cookies, the student's signed identity, PUBLIC_URL's host in X-Forwarded-*) goes to the
 * authorization endpoint, consents on the screen's calls and is sent back to the brand with a code, which the brand's
 * server exchanges with its credentials. Answers the ID token's claims. The service runs with an http PUBLIC_URL, so
 * the provider's cookies are not `Secure` and the test's agent sends them.
 *
 * The checkout asks for `scope` (`openid student` unless told) and the student shares the optional scopes of `share`
 * (none unless told); `onDetails` sees what the consent screen was shown.
 */
export function connectFlow(identity: TestIdentity) {
  const publicUrl = new URL(identity.config.PUBLIC_URL);
  const forwarded = {
    'X-Forwarded-Host': publicUrl.host,
    'X-Forwarded-Proto': publicUrl.protocol.slice(0, -1),
  };
  const pathOf = (url: string) => {
    const parsed = new URL(url, publicUrl);
    return parsed.pathname + parsed.search;
  };

  return async function checkout(
    brand: BrandCheckout,
    student: TestClient,
    options: {
      offerId?: string;
      scope?: string;
      share?: Partial<ConnectDecisionBody['share']>;
      onDetails?: (details: ConnectInteraction) => void;
    } = {},
  ): Promise<Record<string, unknown>> {
    const browser = request.agent(identity.url);
    const as = async (caller?: Caller) => ({
      ...signIdentity(caller ?? (await student.caller()), INTERNAL_SECRET, 'identity'),
      ...forwarded,
    });
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: brand.appId,
      redirect_uri: brand.redirectUri,
      response_type: 'code',
      scope: options.scope ?? 'openid student',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      ...(options.offerId && { offer: options.offerId }),
    });
    const started = await browser.get(`/oidc/auth?${query}`).set(await as());
    const [, uid] = /^\/connect\/([^/?]+)$/.exec(String(started.headers.location)) ?? [];
    if (!uid) throw new Error(`authorization answered ${started.status}: ${started.text}`);
    const details = await browser.get(`/connect/${uid}/details`).set(await as());
    if (details.status !== 200) throw new Error(`details answered ${details.status}: ${details.text}`);
    options.onDetails?.(details.body as ConnectInteraction);
    const decided = await browser
      .post(`/connect/${uid}/decision`)
      .set(await as())
      .send({ consent: true, share: { first_name: false, ...options.share } });
    if (decided.status !== 200) throw new Error(`decision answered ${decided.status}: ${decided.text}`);
    const resumed = await browser.get(pathOf(decided.body.redirectTo)).set(await as());
    const code = new URL(String(resumed.headers.location)).searchParams.get('code');
    if (!code) throw new Error(`resume answered ${resumed.status}: ${resumed.headers.location}`);
    const tokens = await request(identity.url)
      .post('/oidc/token')
      .set(await as(visitor(randomIp())))
      .type('form')
      .send({
        grant_type: 'authorization_code',
        code,
        redirect_uri: brand.redirectUri,
        code_verifier: verifier,
        client_id: brand.appId,
        client_secret: brand.clientSecret,
      });
    if (tokens.status !== 200) throw new Error(`token answered ${tokens.status}: ${tokens.text}`);
    return claimsOf(tokens.body.id_token as string);
  };
}
