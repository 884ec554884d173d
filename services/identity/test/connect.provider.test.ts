import request from 'supertest';
import { CONNECT_LIMITS } from '@tullab/contracts';
import { signIdentity } from '@tullab/http';
import { deriveKey, sha256Hex } from '@tullab/http';
import {
  loadSigningKeys,
  RETIRED_KEY_PUBLISHED_MS,
  rotateSigningKey,
} from '../src/modules/connect/signing-keys';
import { ProviderRecords } from '../src/modules/connect/records';
import { INTERNAL_SECRET, randomIp, startIdentity, visitor, type TestIdentity } from './helpers';

/**
 * Verify with Tullab (issue 30, decision 019): identity's OpenID Connect provider, its discovery document and keys,
 * and the storage it keeps its codes and sessions in.
 */

const ISSUER = 'https://tullab.test';
let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity({ PUBLIC_URL: ISSUER });
});

afterAll(async () => {
  await identity?.close();
});

/** A protocol request as the gateway passes it: signed, with the public host and scheme (decision 019). */
const get = (path: string, ip = randomIp()) =>
  request(identity.url)
    .get(path)
    .set(signIdentity(visitor(ip), INTERNAL_SECRET, 'identity'))
    .set('X-Forwarded-Host', 'tullab.test')
    .set('X-Forwarded-Proto', 'https');

const em = () => identity.service.deps.orm.em.fork();
const sealKey = deriveKey(INTERNAL_SECRET, 'identity', 'connect-signing-keys-v1');

describe('discovery (/.well-known/openid-configuration)', () => {
  test('names Tullab as the issuer and offers the code flow with S256 PKCE, ES256 tokens and nothing more', async () => {
    const res = await get('/.well-known/openid-configuration');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/oidc/auth`,
      token_endpoint: `${ISSUER}/oidc/token`,
      jwks_uri: `${ISSUER}/oidc/jwks`,
      userinfo_endpoint: `${ISSUER}/oidc/me`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['ES256'],
      subject_types_supported: ['pairwise'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
    // the library always registers the refresh grant; no refresh token is ever issued (issueRefreshToken)
    expect(res.body.grant_types_supported).not.toContain('implicit');
    expect(res.body.grant_types_supported).not.toContain('client_credentials');
    expect(res.body.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'student', 'first_name', 'institution']),
    );
    expect(res.body.scopes_supported).not.toContain('offline_access');
  });

  test('claims say whether a student is verified, until when, their first name and institution; no e-mail, phone or student id', async () => {
    const { body } = await get('/.well-known/openid-configuration');
    expect(body.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'student_verified', 'verified_until', 'given_name', 'institution']),
    );
    for (const claim of body.claims_supported as string[])
      expect(claim).not.toMatch(/email|phone|student_id/);
  });

  test('a path below /oidc/ that the provider does not have is its 404', async () => {
    expect((await get('/oidc/nothing-here')).status).toBe(404);
  });
});

describe('limits on the authorization and token endpoints', () => {
  test("an address gets a minute's authorization requests (CONNECT_LIMITS), then 429 with Retry-After; another address is not counted", async () => {
    const ip = randomIp();
    const answers = [];
    for (let i = 0; i < CONNECT_LIMITS.authorization.limit; i += 1)
      answers.push((await get('/oidc/auth', ip)).status);
    // the provider's own refusal of a request without a client: counted all the same
    expect(new Set(answers)).toEqual(new Set([400]));
    const over = await get('/oidc/auth', ip);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/oidc/auth')).status).toBe(400);
    // discovery and keys are not limited
    expect((await get('/oidc/jwks', ip)).status).toBe(200);
  });
});

describe('signing keys (JWKS)', () => {
  test('the JWKS publishes an EC P-256 key for ES256 without its private part, sealed at rest', async () => {
    const res = await get('/oidc/jwks');
    expect(res.status).toBe(200);
    expect(res.body.keys).toHaveLength(1);
    const [key] = res.body.keys;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key.d).toBeUndefined();
    const rows = await identity.sql<{ kid: string; sealed_key: string }>(
      'select kid, sealed_key from oidc_signing_keys',
    );
    expect(rows.map((row) => row.kid)).toEqual([key.kid]);
    expect(rows[0].sealed_key).not.toContain(key.x);
  });

  test('the keys outlive a restart of the provider; a rotation signs with a new key and keeps publishing the old one', async () => {
    const [first] = await loadSigningKeys(em(), sealKey);
    expect((await loadSigningKeys(em(), sealKey)).map((key) => key.kid)).toEqual([first.kid]);
    const rotated = await rotateSigningKey(em(), sealKey);
    expect((await loadSigningKeys(em(), sealKey)).map((key) => key.kid)).toEqual([rotated, first.kid]);
    // once every token the old key signed has expired, it is no longer published
    await identity.sql(
      'update oidc_signing_keys set retired_at = now() - make_interval(secs => ?) where kid = ?',
      [RETIRED_KEY_PUBLISHED_MS / 1000 + 1, first.kid],
    );
    expect((await loadSigningKeys(em(), sealKey)).map((key) => key.kid)).toEqual([rotated]);
  });

  test('two processes starting on a new database make one key between them', async () => {
    await identity.sql('delete from oidc_signing_keys');
    const [a, b] = await Promise.all([loadSigningKeys(em(), sealKey), loadSigningKeys(em(), sealKey)]);
    expect(a.map((key) => key.kid)).toEqual(b.map((key) => key.kid));
    expect(await identity.sql('select kid from oidc_signing_keys')).toHaveLength(1);
  });
});

describe("the provider's records", () => {
  const codes = () => new ProviderRecords(em(), 'AuthorizationCode');

  test('a code is consumed once: it comes back marked, and a second consumption keeps the first time', async () => {
    await codes().upsert('code-1', { jti: 'code-1', grantId: 'grant-1', accountId: 'a' }, 60);
    expect(await codes().find('code-1')).toEqual({ jti: 'code-1', grantId: 'grant-1', accountId: 'a' });
    await codes().consume('code-1');
    const consumed = (await codes().find('code-1'))?.consumed;
    expect(consumed).toEqual(expect.any(Number));
    await codes().consume('code-1');
    expect((await codes().find('code-1'))?.consumed).toBe(consumed);
  });

  test('an expired record is not found; a revoked grant takes its codes and tokens with it', async () => {
    await codes().upsert('code-2', { grantId: 'grant-2' }, 60);
    await new ProviderRecords(em(), 'AccessToken').upsert('token-2', { grantId: 'grant-2' }, 60);
    await codes().upsert('code-3', { grantId: 'grant-3' }, 60);
    await identity.sql(
      "update oidc_records set expires_at = now() - interval '1 second' where id = encode(sha256('code-3'), 'hex')",
    );
    expect(await codes().find('code-3')).toBeUndefined();
    await codes().revokeByGrantId('grant-2');
    expect(await codes().find('code-2')).toBeUndefined();
    expect(await new ProviderRecords(em(), 'AccessToken').find('token-2')).toBeUndefined();
  });

  test('codes and access tokens are kept as their SHA-256: the table holds no token a client could present', async () => {
    const tokens = new ProviderRecords(em(), 'AccessToken');
    await codes().upsert(
      'a-secret-code',
      { jti: 'a-secret-code', grantId: 'grant-4', kind: 'AuthorizationCode' },
      60,
    );
    await tokens.upsert(
      'a-secret-token',
      { jti: 'a-secret-token', grantId: 'grant-4', kind: 'AccessToken' },
      60,
    );
    const stored = await identity.sql<{ id: string; payload: object }>(
      "select id, payload from oidc_records where grant_id = 'grant-4' order by model",
    );
    expect(stored.map((row) => row.id)).toEqual([sha256Hex('a-secret-token'), sha256Hex('a-secret-code')]);
    expect(JSON.stringify(stored)).not.toMatch(/a-secret-(code|token)/);
    expect(await codes().find('a-secret-code')).toMatchObject({ jti: 'a-secret-code', grantId: 'grant-4' });
    expect(await tokens.find(sha256Hex('a-secret-token'))).toBeUndefined();
    await tokens.destroy('a-secret-token');
    expect(await tokens.find('a-secret-token')).toBeUndefined();
  });

  test('an interaction is found by its uid', async () => {
    const interactions = new ProviderRecords(em(), 'Interaction');
    await interactions.upsert('interaction-1', { uid: 'uid-1', prompt: { name: 'login' } }, 600);
    expect(await interactions.findByUid('uid-1')).toMatchObject({ prompt: { name: 'login' } });
  });
});
