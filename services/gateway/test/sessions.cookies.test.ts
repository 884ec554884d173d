import request from 'supertest';
import type { RunningGateway } from '../src';
import { ORIGIN, gatewayForTests, last, setCookies, startGateway } from './helpers';
import { forgetSessions, student } from './sessions.fixture';

const { fakes, gateway } = gatewayForTests();

beforeEach(() => forgetSessions(fakes));

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
