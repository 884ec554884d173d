import request from 'supertest';
import { IDENTITY_HEADER, SIGNATURE_HEADER, VERIFICATION_RECEIPT_HEADER } from '@tullab/contracts';
import { verifyIdentity, type Audience } from '@tullab/http';
import { INTERNAL_SECRET, ORIGIN, gatewayForTests, last, setCookies } from './helpers';

const { fakes, gateway } = gatewayForTests();

describe('client address (S35)', () => {
  test('the identity carries the socket address; a client cannot choose it with X-Forwarded-For', async () => {
    await request(gateway.url).get('/api/offers').set('X-Forwarded-For', '203.0.113.7');
    expect(last(fakes.offers).identity?.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });
});

describe('each service is trusted only with what it must do', () => {
  const services: Audience[] = ['identity', 'verification', 'offers', 'notifications'];
  /** A route of each service, and one the fake answers with whatever headers the test asks for. */
  const routes: Record<Audience, string> = {
    identity: '/api/auth/login',
    verification: '/api/students/verify',
    offers: '/api/offers/abc/redeem',
    notifications: '/api/contact',
  };
  const ask = (service: Audience, headers: Record<string, string>) =>
    request(gateway.url)
      .post(routes[service])
      .set({ Origin: ORIGIN, ...headers })
      .send({});

  test.each(services)(
    '%s gets an identity header addressed to it, which every other service refuses',
    async (to) => {
      expect((await ask(to, {})).status).toBe(200);
      const { headers } = last(fakes[to]);
      const [value, signature] = [headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER]] as string[];
      for (const service of services) {
        const identity = verifyIdentity(value, signature, INTERNAL_SECRET, service);
        if (service === to) expect(identity).toMatchObject({ userId: null, role: null });
        else expect(identity).toBeNull();
      }
    },
  );

  test.each(['verification', 'offers', 'notifications'] as const)(
    'only identity may ask for cookies: the same ask from %s is dropped, its answer still goes through',
    async (service) => {
      const cookie = {
        'x-test-set-cookie': JSON.stringify([{ name: 'sid', value: 'tok-chosen', maxAge: 60 }]),
      };
      const res = await ask(service, cookie);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ service });
      expect(setCookies(res)).toEqual([]);
      expect(res.headers['x-tullab-set-cookie']).toBeUndefined();
      // the same ask from identity is a cookie
      expect(setCookies(await ask('identity', cookie))).toEqual([expect.stringMatching(/^sid=tok-chosen;/)]);
    },
  );

  test.each(['identity', 'offers', 'notifications'] as const)(
    'only verification may hand over a verification receipt: one from %s never reaches identity',
    async (service) => {
      const before = fakes.identity.received.length;
      const receipt = {
        'x-test-headers': JSON.stringify({ [VERIFICATION_RECEIPT_HEADER]: 'sealed-receipt' }),
      };
      const res = await ask(service, receipt);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ service });
      expect(res.headers[VERIFICATION_RECEIPT_HEADER]).toBeUndefined();
      const toIdentity = fakes.identity.received.slice(before).map((call) => call.url);
      expect(toIdentity).toEqual(service === 'identity' ? [routes.identity.slice(4)] : []);
      // the same answer from verification is handed to identity
      await ask('verification', receipt);
      expect(last(fakes.identity).url).toBe('/internal/verification-receipts');
    },
  );
});
