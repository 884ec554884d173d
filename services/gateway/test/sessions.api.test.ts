import request from 'supertest';
import { freePort } from '@tullab/testing';
import { ORIGIN, gatewayForTests, last, setCookies, startGateway } from './helpers';
import { forgetSessions, student } from './sessions.fixture';

const { fakes, gateway } = gatewayForTests();

beforeEach(() => forgetSessions(fakes));

describe('session resolution', () => {
  test('no cookie → a visitor, without asking identity', async () => {
    await request(gateway.url).get('/api/offers');
    expect(fakes.identity.resolved).toHaveLength(0);
    expect(last(fakes.offers).identity).toMatchObject({ userId: null, role: null, sessionId: null });
  });

  test('a valid session cookie → the caller, with e-mail and first name, is forwarded to the service', async () => {
    fakes.identity.sessions.set('tok-valid', student);
    const res = await request(gateway.url).get('/api/offers').set('Cookie', 'sid=tok-valid');
    expect(res.status).toBe(200);
    expect(res.body.identity).toMatchObject({ ...student, ip: expect.stringMatching(/127\.0\.0\.1$/) });
    expect(setCookies(res)).toEqual([]);
    // identity was asked with a signed visitor identity
    expect(fakes.identity.resolved).toEqual([
      { token: 'tok-valid', identity: expect.objectContaining({ userId: null }) },
    ]);
  });

  test("a merchant's session → the caller with its brand, signed into the identity header (decision 016)", async () => {
    const merchant = { ...student, userId: 'u-9', role: 'merchant' as const, verificationStatus: 'none' };
    fakes.identity.sessions.set('tok-merchant', { ...merchant, brandId: 'b-1' });
    const res = await request(gateway.url).get('/api/merchant/offers').set('Cookie', 'sid=tok-merchant');
    expect(res.status).toBe(200);
    expect(res.body.identity).toMatchObject({ userId: 'u-9', role: 'merchant', brandId: 'b-1' });
    expect(last(fakes.offers).identity).toMatchObject({ role: 'merchant', brandId: 'b-1' });
  });

  test('a session identity does not let the gateway keep is resolved again: its end counts on the very next request', async () => {
    fakes.identity.sessions.set('tok-revoked', student);
    expect(
      (await request(gateway.url).get('/api/students/profile').set('Cookie', 'sid=tok-revoked')).body.identity
        .userId,
    ).toBe('u-1');
    fakes.identity.sessions.delete('tok-revoked');
    const res = await request(gateway.url).get('/api/students/profile').set('Cookie', 'sid=tok-revoked');
    expect(res.body.identity.userId).toBeNull();
    expect(fakes.identity.resolved.map((r) => r.token)).toEqual(['tok-revoked', 'tok-revoked']);
  });

  test('the per-request session check reuses pooled connections to identity (keep-alive)', async () => {
    fakes.identity.sessions.set('tok-pool', student);
    const before = fakes.identity.connections;
    for (let i = 0; i < 10; i++) {
      expect(
        (await request(gateway.url).get('/api/offers').set('Cookie', 'sid=tok-pool')).body.identity.userId,
      ).toBe('u-1');
    }
    expect(fakes.identity.connections - before).toBeLessThanOrEqual(1);
  });

  test('identity says 401 → a visitor, and the answer clears the stale cookie', async () => {
    const res = await request(gateway.url).get('/api/auth/user').set('Cookie', 'sid=tok-stale; theme=dark');
    expect(res.status).toBe(200);
    expect(res.body.identity).toMatchObject({ userId: null, role: null });
    expect(setCookies(res)).toEqual(['sid=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax']);
  });

  test('a stale cookie is cleared, but a new session the service starts wins (login over an old cookie)', async () => {
    const res = await request(gateway.url)
      .post('/api/auth/login')
      .set('Origin', ORIGIN)
      .set('Cookie', 'sid=tok-stale')
      .set('x-test-set-cookie', JSON.stringify([{ name: 'sid', value: 'tok-new', maxAge: 2592000 }]))
      .send({ email: 'a@b.c', password: 'x' });
    expect(setCookies(res)).toEqual(['sid=tok-new; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax']);
  });

  test('a cookie with characters no token has is not sent to identity, and is cleared', async () => {
    const res = await request(gateway.url).get('/api/offers').set('Cookie', 'sid=a b,c');
    expect(fakes.identity.resolved).toHaveLength(0);
    expect(res.body.identity.userId).toBeNull();
    expect(setCookies(res)).toEqual(['sid=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax']);
  });

  test('a token longer than identity looks up is not sent to it (identity would answer 400, a 502 here), and is cleared (T28)', async () => {
    const res = await request(gateway.url)
      .get('/api/offers')
      .set('Cookie', `sid=${'s'.repeat(513)}`);
    expect(res.status).toBe(200);
    expect(fakes.identity.resolved).toHaveLength(0);
    expect(res.body.identity.userId).toBeNull();
    expect(setCookies(res)).toEqual(['sid=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax']);
  });

  test('identity down: 502 for a request with a session cookie; requests without one still go through', async () => {
    const gw = await startGateway(
      { ...fakes, identity: undefined },
      { IDENTITY_URL: `http://127.0.0.1:${await freePort()}` },
    );
    try {
      const withCookie = await request(gw.url).get('/api/offers').set('Cookie', 'sid=tok-any');
      expect(withCookie.status).toBe(502);
      expect(withCookie.body).toEqual({ message: 'Identity service unavailable', code: 'bad_gateway' });
      const without = await request(gw.url).get('/api/offers');
      expect(without.status).toBe(200);
    } finally {
      await gw.close();
    }
  });
});

describe('the password-reset cookie', () => {
  test('is passed to identity as x-tullab-pwreset, never as a cookie, and not to other services', async () => {
    await request(gateway.url)
      .post('/api/auth/reset-password')
      .set('Origin', ORIGIN)
      .set('Cookie', 'pwreset=reset-token-1; other=x')
      .send({ email: 'a@b.c', newPassword: 'a long passphrase' });
    const call = last(fakes.identity);
    expect(call.headers['x-tullab-pwreset']).toBe('reset-token-1');
    expect(call.headers.cookie).toBeUndefined();

    await request(gateway.url)
      .post('/api/contact')
      .set('Origin', ORIGIN)
      .set('Cookie', 'pwreset=reset-token-1')
      .send({});
    expect(last(fakes.notifications).headers['x-tullab-pwreset']).toBeUndefined();
  });

  test('a client cannot supply x-tullab-pwreset itself', async () => {
    await request(gateway.url)
      .post('/api/auth/reset-password')
      .set('Origin', ORIGIN)
      .set('x-tullab-pwreset', 'forged')
      .send({});
    expect(last(fakes.identity).headers['x-tullab-pwreset']).toBeUndefined();
  });
});

describe('the second-factor cookie', () => {
  test('is passed to identity as x-tullab-mfa, never as a cookie, and not to other services', async () => {
    await request(gateway.url)
      .post('/api/auth/mfa/verify')
      .set('Origin', ORIGIN)
      .set('Cookie', 'mfa=mfa-token-1; pwreset=reset-token-1')
      .send({ code: '123456' });
    const call = last(fakes.identity);
    expect(call.headers['x-tullab-mfa']).toBe('mfa-token-1');
    expect(call.headers['x-tullab-pwreset']).toBe('reset-token-1');
    expect(call.headers.cookie).toBeUndefined();

    await request(gateway.url).get('/api/offers').set('Cookie', 'mfa=mfa-token-1');
    expect(last(fakes.offers).headers['x-tullab-mfa']).toBeUndefined();
  });

  test('a client cannot supply x-tullab-mfa itself', async () => {
    await request(gateway.url)
      .post('/api/auth/mfa/verify')
      .set('Origin', ORIGIN)
      .set('x-tullab-mfa', 'forged')
      .send({ code: '123456' });
    expect(last(fakes.identity).headers['x-tullab-mfa']).toBeUndefined();
  });
});
