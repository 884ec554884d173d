import { ORIGIN } from '../helpers';
import { startStack, type Stack } from './stack';

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
