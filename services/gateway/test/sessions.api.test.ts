import request from 'supertest';
import { freePort } from '@tullab/testing';
import type { RunningGateway } from '../src';
import { ORIGIN, last, setCookies, startFakes, startGateway, type Fakes } from './helpers';

let fakes: Fakes;
let gateway: RunningGateway;

const student = {
  userId: 'u-1',
  role: 'student' as const,
  verificationStatus: 'active',
  sessionId: 's-1',
  email: 'layla@example.com',
  firstName: 'Layla',
};

beforeAll(async () => {
  fakes = await startFakes();
  gateway = await startGateway(fakes);
});

afterAll(async () => {
  await gateway?.close();
  await fakes?.close();
});

beforeEach(() => {
  fakes.identity.sessions.clear();
  fakes.identity.resolved.length = 0;
});

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

describe('cookies the services ask for (x-tullab-set-cookie)', () => {
  test('on http: sid without prefix or Secure; HttpOnly, SameSite=Lax, Path=/, Max-Age from the service, no Domain', async () => {
    const res = await request(gateway.url)
      .post('/api/auth/login')
      .set('Origin', ORIGIN)
      .set('x-test-set-cookie', JSON.stringify([{ name: 'sid', value: 'tok-abc_DEF-123', maxAge: 2592000 }]))
      .send({});
    expect(res.status).toBe(200);
    expect(res.headers['x-tullab-set-cookie']).toBeUndefined();
    expect(setCookies(res)).toEqual(['sid=tok-abc_DEF-123; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax']);
    expect(setCookies(res)[0]).not.toMatch(/Domain=|Secure/i);
  });

  test('value null clears the cookie (logout)', async () => {
    fakes.identity.sessions.set('tok-out', student);
    const res = await request(gateway.url)
      .post('/api/auth/logout')
      .set('Origin', ORIGIN)
      .set('Cookie', 'sid=tok-out')
      .set('x-test-status', '204')
      .set('x-test-set-cookie', JSON.stringify([{ name: 'sid', value: null, maxAge: 0 }]));
    expect(res.status).toBe(204);
    expect(setCookies(res)).toEqual(['sid=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax']);
  });

  test('pwreset is SameSite=Strict and never lives longer than 600 s', async () => {
    const res = await request(gateway.url)
      .post('/api/auth/verify-reset-otp')
      .set('Origin', ORIGIN)
      .set('x-test-set-cookie', JSON.stringify([{ name: 'pwreset', value: 'reset-token', maxAge: 3600 }]))
      .send({ email: 'a@b.c', otp: '123456' });
    expect(setCookies(res)).toEqual(['pwreset=reset-token; Max-Age=600; Path=/; HttpOnly; SameSite=Strict']);
  });

  test('mfa is SameSite=Strict and never lives longer than 300 s', async () => {
    const res = await request(gateway.url)
      .post('/api/auth/login')
      .set('Origin', ORIGIN)
      .set('x-test-set-cookie', JSON.stringify([{ name: 'mfa', value: 'mfa-token', maxAge: 3600 }]))
      .send({ email: 'a@b.c', password: 'whatever1' });
    expect(setCookies(res)).toEqual(['mfa=mfa-token; Max-Age=300; Path=/; HttpOnly; SameSite=Strict']);
  });

  test('a staff sign-in completed: a Strict session, the mfa cookie cleared', async () => {
    const res = await request(gateway.url)
      .post('/api/auth/mfa/verify')
      .set('Origin', ORIGIN)
      .set(
        'x-test-set-cookie',
        JSON.stringify([
          { name: 'sid', value: 'tok-staff', maxAge: 43200, sameSite: 'strict' },
          { name: 'mfa', value: null, maxAge: 0 },
        ]),
      )
      .send({ code: '123456' });
    expect(setCookies(res)).toEqual([
      'sid=tok-staff; Max-Age=43200; Path=/; HttpOnly; SameSite=Strict',
      'mfa=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict',
    ]);
  });

  test('both cookies at once (reset done: session cleared, reset token used up)', async () => {
    const res = await request(gateway.url)
      .post('/api/auth/reset-password')
      .set('Origin', ORIGIN)
      .set(
        'x-test-set-cookie',
        JSON.stringify([
          { name: 'sid', value: null },
          { name: 'pwreset', value: null },
        ]),
      )
      .send({});
    expect(setCookies(res)).toEqual([
      'sid=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      'pwreset=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict',
    ]);
  });

  test('a malformed request for a cookie is ignored; the answer still goes through', async () => {
    for (const bad of [
      'not json',
      '[{"name":"admin","value":"x"}]',
      '[{"name":"sid","value":"a;b"}]',
      '{"name":"sid"}',
    ]) {
      const res = await request(gateway.url)
        .post('/api/auth/login')
        .set('Origin', ORIGIN)
        .set('x-test-set-cookie', bad)
        .send({});
      expect(res.status).toBe(200);
      expect(setCookies(res)).toEqual([]);
      expect(res.headers['x-tullab-set-cookie']).toBeUndefined();
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

describe('behind https (PUBLIC_URL https://…)', () => {
  const HTTPS_ORIGIN = 'https://tullab.example';
  let secure: RunningGateway;

  beforeAll(async () => {
    secure = await startGateway(fakes, { PUBLIC_URL: HTTPS_ORIGIN });
  });

  afterAll(async () => {
    await secure?.close();
  });

  test('the session cookie is __Host-sid with Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain', async () => {
    const res = await request(secure.url)
      .post('/api/auth/login')
      .set('Origin', HTTPS_ORIGIN)
      .set('x-test-set-cookie', JSON.stringify([{ name: 'sid', value: 'tok-secure', maxAge: 43200 }]))
      .send({});
    expect(setCookies(res)).toEqual([
      '__Host-sid=tok-secure; Max-Age=43200; Path=/; HttpOnly; SameSite=Lax; Secure',
    ]);
    expect(setCookies(res)[0]).not.toMatch(/Domain=/i);
  });

  test('a staff session may be asked for as SameSite=Strict (S5)', async () => {
    const res = await request(secure.url)
      .post('/api/auth/login')
      .set('Origin', HTTPS_ORIGIN)
      .set(
        'x-test-set-cookie',
        JSON.stringify([{ name: 'sid', value: 'tok-staff', maxAge: 43200, sameSite: 'strict' }]),
      )
      .send({});
    expect(setCookies(res)).toEqual([
      '__Host-sid=tok-staff; Max-Age=43200; Path=/; HttpOnly; SameSite=Strict; Secure',
    ]);
  });

  test('pwreset is __Host-pwreset with Secure and SameSite=Strict', async () => {
    const res = await request(secure.url)
      .post('/api/auth/verify-reset-otp')
      .set('Origin', HTTPS_ORIGIN)
      .set('x-test-set-cookie', JSON.stringify([{ name: 'pwreset', value: 'r1', maxAge: 600 }]))
      .send({});
    expect(setCookies(res)).toEqual([
      '__Host-pwreset=r1; Max-Age=600; Path=/; HttpOnly; SameSite=Strict; Secure',
    ]);
  });

  test('mfa is __Host-mfa with Secure and SameSite=Strict, and only that name is read', async () => {
    const res = await request(secure.url)
      .post('/api/auth/login')
      .set('Origin', HTTPS_ORIGIN)
      .set('x-test-set-cookie', JSON.stringify([{ name: 'mfa', value: 'm1', maxAge: 300 }]))
      .send({});
    expect(setCookies(res)).toEqual([
      '__Host-mfa=m1; Max-Age=300; Path=/; HttpOnly; SameSite=Strict; Secure',
    ]);
    await request(secure.url)
      .post('/api/auth/mfa/verify')
      .set('Origin', HTTPS_ORIGIN)
      .set('Cookie', 'mfa=planted; __Host-mfa=m1')
      .send({});
    expect(last(fakes.identity).headers['x-tullab-mfa']).toBe('m1');
  });

  test('only the __Host- cookies are read; a bare sid (which any subdomain could plant) is ignored', async () => {
    fakes.identity.sessions.set('tok-secure', student);
    const good = await request(secure.url).get('/api/offers').set('Cookie', '__Host-sid=tok-secure');
    expect(good.body.identity.userId).toBe('u-1');
    const planted = await request(secure.url).get('/api/offers').set('Cookie', 'sid=tok-secure');
    expect(planted.body.identity.userId).toBeNull();
    await request(secure.url)
      .post('/api/auth/reset-password')
      .set('Origin', HTTPS_ORIGIN)
      .set('Cookie', '__Host-pwreset=r1')
      .send({});
    expect(last(fakes.identity).headers['x-tullab-pwreset']).toBe('r1');
  });

  test('a stale session is cleared with the same attributes it was set with', async () => {
    const res = await request(secure.url).get('/api/offers').set('Cookie', '__Host-sid=gone');
    expect(setCookies(res)).toEqual(['__Host-sid=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure']);
  });

  test('the CSP asks browsers to upgrade insecure requests', async () => {
    const res = await request(secure.url).get('/api/healthz');
    expect(res.headers['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
  });
});
