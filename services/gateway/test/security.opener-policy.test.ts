import request from 'supertest';
import type { RunningGateway } from '../src';
import { ORIGIN, gatewayForTests, last, setCookies, startGateway } from './helpers';

/**
 * COOP's one exemption (S26, `popupOpenerPolicy`): the "Verify with Tullab" popup keeps its opener while it is on
 * Tullab, so the provider's authorization endpoint and, while the gateway's flow marker is there, every page answer
 * are `unsafe-none`. The fake identity answers as the test's `x-test-*` headers ask, as the provider would.
 */
const { fakes, gateway } = gatewayForTests();

const MARKER = 'tullab_flow=1; Max-Age=600; Path=/; HttpOnly; SameSite=Lax';
const CLEARED = 'tullab_flow=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax';
const BRAND_CALLBACK = 'https://kicks.example/auth/tullab?code=c0de&state=s7';
const html = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** The provider's answer, as the fake identity gives it: a status, and a Location for a redirect. */
const provider = (status: number, location?: string) => ({
  'x-test-status': String(status),
  ...(location && { 'x-test-headers': JSON.stringify({ Location: location }) }),
});

/** Every S26 header but COOP: the exemption changes none of them. */
const OTHER_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'referrer-policy',
  'cross-origin-resource-policy',
  'x-content-type-options',
  'x-frame-options',
  'origin-agent-cluster',
];
const others = (res: request.Response) => OTHER_HEADERS.map((name) => [name, res.headers[name]]);

describe('Cross-Origin-Opener-Policy in a "Verify with Tullab" popup (S26)', () => {
  test.each(['/login', '/connect/abc', '/'])(
    'a page without the flow marker (%s) is same-origin, and sets no marker',
    async (path) => {
      const res = await request(gateway.url).get(path).set(html);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(setCookies(res)).toEqual([]);
    },
  );

  test('the authorization request is unsafe-none and sets the marker; the provider’s own cookies pass beside it', async () => {
    const res = await request(gateway.url)
      .get('/oidc/auth?client_id=app&response_type=code')
      .set('x-test-status', '303')
      .set(
        'x-test-headers',
        JSON.stringify({ Location: '/connect/abc', 'Set-Cookie': 'connect_interaction=i1' }),
      );
    expect(res.status).toBe(303);
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(setCookies(res)).toEqual(['connect_interaction=i1', MARKER]);
  });

  test.each([
    ['the provider’s error page', () => request(gateway.url).get('/oidc/auth').set(provider(400)), 400],
    ['the gateway’s refusal of a method', () => request(gateway.url).put('/oidc/auth'), 405],
    [
      'the gateway’s refusal of a body too large',
      () =>
        request(gateway.url)
          .post('/oidc/auth')
          .type('form')
          .send(`scope=${'a'.repeat(20_000)}`),
      413,
    ],
  ] as const)(
    'an authorization request that fails (%s) is unsafe-none and sets the marker too',
    async (_name, send, status) => {
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      expect(setCookies(res)).toEqual([MARKER]);
    },
  );

  test('with the marker, the pages on the way are unsafe-none; every other security header is as without it', async () => {
    for (const path of ['/login', '/connect/abc', '/signup', '/']) {
      const plain = await request(gateway.url).get(path).set(html);
      const marked = await request(gateway.url).get(path).set(html).set('Cookie', 'tullab_flow=1');
      expect(marked.status).toBe(plain.status);
      expect(marked.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      expect(others(marked)).toEqual(others(plain));
      expect(setCookies(marked)).toEqual([]);
    }
  });

  test('/api answers stay same-origin with the marker', async () => {
    for (const path of ['/api/auth/user', '/api/offers', '/api/nope']) {
      const res = await request(gateway.url).get(path).set('Cookie', 'tullab_flow=1');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  test('the marker is the gateway’s: identity gets the provider’s cookies only', async () => {
    await request(gateway.url)
      .get('/oidc/auth/abc')
      .set(provider(303, '/connect/abc'))
      .set('Cookie', 'tullab_flow=1; connect_resume=r1');
    expect(last(fakes.identity).headers.cookie).toBe('connect_resume=r1');
  });

  test('the provider’s redirect back to the brand (the resume’s answer) is unsafe-none and clears the marker', async () => {
    const res = await request(gateway.url)
      .get('/oidc/auth/abc')
      .set(provider(303, BRAND_CALLBACK))
      .set('Cookie', 'tullab_flow=1');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(BRAND_CALLBACK);
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(setCookies(res)).toEqual([CLEARED]);
    // an OAuth error sent back to the brand ends the flow too
    const refused = await request(gateway.url)
      .get('/oidc/auth?client_id=app')
      .set(provider(302, 'https://kicks.example/auth/tullab?error=invalid_scope'));
    expect(setCookies(refused)).toEqual([CLEARED]);
  });

  test.each(['/connect/abc', `${ORIGIN}/connect/abc`, '//localhost:8080/login'])(
    'a redirect that stays on Tullab (%s) keeps the marker',
    async (location) => {
      const res = await request(gateway.url)
        .get('/oidc/auth/abc')
        .set(provider(303, location))
        .set('Cookie', 'tullab_flow=1');
      expect(setCookies(res)).toEqual([MARKER]);
    },
  );

  test('other paths of the provider set no marker', async () => {
    for (const path of ['/oidc/token', '/oidc/authx', '/.well-known/openid-configuration']) {
      const res = await request(gateway.url).get(path).set(provider(303, BRAND_CALLBACK));
      expect(setCookies(res)).toEqual([]);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });
});

describe('behind https (PUBLIC_URL https://…)', () => {
  let secure: RunningGateway;

  beforeAll(async () => {
    secure = await startGateway(fakes, { PUBLIC_URL: 'https://tullab.example' });
  });

  afterAll(async () => {
    await secure?.close();
  });

  test('the marker is __Host-tullab_flow with Secure, and only that name marks a page', async () => {
    const res = await request(secure.url).get('/oidc/auth').set(provider(303, '/connect/abc'));
    expect(setCookies(res)).toEqual([`__Host-${MARKER}; Secure`]);
    const page = (cookie: string) => request(secure.url).get('/login').set(html).set('Cookie', cookie);
    expect((await page('__Host-tullab_flow=1')).headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect((await page('tullab_flow=1')).headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});
