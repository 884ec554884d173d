import type { Express } from 'express';
import express from 'express';
import request from 'supertest';
import { offersTracking, pathOf, trackingBatch, trackingCall, type TrackingBatch } from '@tullab/contracts';
import { verifyIdentity } from '@tullab/http';
import { freePort } from '@tullab/testing';
import type { RunningGateway } from '../src';
import { INTERNAL_SECRET, ORIGIN, startFakeService, startGateway, type FakeService } from './helpers';

/** How the stand-in for offers answers the next batches: normally, slowly, or not as offers would. */
let mode: 'answer' | 'slow' | 'garbled' = 'answer';
/** the batches it received, as parsed */
const batches: TrackingBatch[] = [];

/**
 * Offers' batch route as the gateway sees it: each call answered 202 with what it carried (a real offers would
 * store it; services/offers/test/tracking.batches.test.ts proves that side), or 404 for an offer named `unknown`.
 */
function batchRoute(app: Express) {
  app.post(pathOf(offersTracking.routes.batch), express.json(), async (req, res) => {
    const batch = { calls: trackingBatch.parse(req.body).calls.map((call) => trackingCall.parse(call)) };
    batches.push(batch);
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 300));
    if (mode === 'garbled') return void res.json({ answers: [] });
    res.json({
      answers: batch.calls.map((call) =>
        call.params.id === 'unknown'
          ? { status: 404, body: { message: 'Offer not found', code: 'not_found' } }
          : {
              status: 202,
              body: {
                message: 'Event recorded',
                route: call.route,
                params: call.params,
                body: call.body,
                requestId: call.requestId,
                caller: verifyIdentity(call.identity, call.signature, INTERNAL_SECRET, 'offers'),
              },
            },
      ),
    });
  });
}

let offers: FakeService;
let gateway: RunningGateway;

beforeAll(async () => {
  offers = await startFakeService('offers', batchRoute);
  gateway = await startGateway({ offers });
});

afterAll(async () => {
  await gateway?.close();
  await offers?.close();
});

beforeEach(() => {
  mode = 'answer';
  batches.length = 0;
  offers.received.length = 0;
});

const post = (path: string, body?: unknown) => {
  const call = request(gateway.url).post(path).set('Origin', ORIGIN);
  return body === undefined ? call : call.send(body as object);
};

describe('tracking calls travel to offers in batches (decision 006)', () => {
  test('each call reaches offers with its own route and parameters, body, request id and signed caller, and gets its own answer', async () => {
    const res = await post('/api/offers/abc/copy?utm=mail')
      .set('x-request-id', 'req-track-1')
      .set('Cookie', 'other=1')
      .send({ studentId: 'someone-else' });
    expect(res.status).toBe(202);
    expect(res.headers['x-request-id']).toBe('req-track-1');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      message: 'Event recorded',
      // the route the path matched, and its parameters; the query string stays at the gateway, as offers ignores it
      route: 'POST /offers/:id/copy',
      params: { id: 'abc' },
      body: '{"studentId":"someone-else"}',
      requestId: 'req-track-1',
      caller: expect.objectContaining({ userId: null, role: null, sessionId: null }),
    });
    expect(res.body.caller.ip).toMatch(/127\.0\.0\.1$/);
    // nothing but the batch went to offers
    expect(offers.received).toEqual([]);
  });

  test('without a query string (the fast path): the same call, the same answer, the same headers', async () => {
    const res = await post('/api/offers/abc/referral-click')
      .set('x-request-id', 'req-track-2')
      .send({ studentId: null });
    expect(res.status).toBe(202);
    expect(res.headers['x-request-id']).toBe('req-track-2');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.body).toMatchObject({
      route: 'POST /offers/:id/referral-click',
      params: { id: 'abc' },
      body: '{"studentId":null}',
      requestId: 'req-track-2',
      caller: expect.objectContaining({ userId: null, role: null }),
    });
  });

  test("the caller's address is the one the app would see: X-Forwarded-For only from a trusted proxy (S35)", async () => {
    const forwarded = (url: string) =>
      request(url)
        .post('/api/offers/abc/copy')
        .set('Origin', ORIGIN)
        .set('X-Forwarded-For', '203.0.113.9')
        .send({});
    expect((await forwarded(gateway.url)).body.caller.ip).toMatch(/127\.0\.0\.1$/);
    const behindProxy = await startGateway({ offers }, { TRUST_PROXY: 'loopback' });
    try {
      expect((await forwarded(behindProxy.url)).body.caller.ip).toBe('203.0.113.9');
    } finally {
      await behindProxy.close();
    }
  });

  test('a session cookie this gateway does not keep goes the long way: identity is asked (here it is down → 502)', async () => {
    const res = await post('/api/offers/abc/copy', {}).set('Cookie', 'sid=not-a-kept-session');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: 'Identity service unavailable', code: 'bad_gateway' });
    expect(batches).toEqual([]);
  });

  test('calls made while a batch is on its way leave together, and every client gets the answer to its own call', async () => {
    mode = 'slow';
    const first = post('/api/analytics', { eventType: 'offer_click' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    mode = 'answer';
    const targets = Array.from({ length: 30 }, (_, i) => ({
      id: i % 3 === 0 ? 'unknown' : `o-${i}`,
      action: i % 2 ? 'copy' : 'referral-click',
    }));
    const answers = await Promise.all(
      targets.map(({ id, action }, i) => post(`/api/offers/${id}/${action}`, { n: i })),
    );
    answers.forEach((res, i) => {
      const { id, action } = targets[i];
      if (id === 'unknown') {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Offer not found', code: 'not_found' });
      } else {
        expect(res.status).toBe(202);
        expect(res.body).toMatchObject({
          route: `POST /offers/:id/${action}`,
          params: { id },
          body: JSON.stringify({ n: i }),
        });
      }
    });
    expect((await first).status).toBe(202);
    const calls = batches.reduce((sum, batch) => sum + batch.calls.length, 0);
    expect(calls).toBe(31);
    expect(batches.length).toBeLessThan(31);
    expect(Math.max(...batches.map((batch) => batch.calls.length))).toBeGreaterThan(1);
  });

  test('refused at the gateway as any call is: over 1 kB → 413, not JSON → 415, cross-site → 403; nothing sent', async () => {
    const big = await post('/api/offers/abc/copy', { padding: 'x'.repeat(1100) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
    const text = await post('/api/analytics').set('Content-Type', 'text/plain').send('offer_click');
    expect(text.status).toBe(415);
    const crossSite = await post('/api/offers/abc/copy', {}).set('Sec-Fetch-Site', 'cross-site');
    expect(crossSite.status).toBe(403);
    expect(batches).toEqual([]);
  });

  test('a call that would not fit a batch is refused alone, before it joins one (T28): an offer id too long → 404', async () => {
    const [long, good] = await Promise.all([
      post(`/api/offers/${'a'.repeat(300)}/copy`, {}),
      post('/api/offers/abc/copy', {}),
    ]);
    expect(long.status).toBe(404);
    expect(long.body).toEqual({ message: 'Offer not found', code: 'not_found' });
    expect(good.status).toBe(202);
    expect(batches.flatMap((batch) => batch.calls.map(({ route, params }) => ({ route, params })))).toEqual([
      { route: 'POST /offers/:id/copy', params: { id: 'abc' } },
    ]);
  });

  test('a batch is measured as the JSON sent: bodies that grow sixfold once escaped never make one over 100 kB (T28)', async () => {
    // four slow batches on their way: the calls after them wait together and leave in full batches
    mode = 'slow';
    const first = Array.from({ length: 4 }, () => post('/api/analytics', {}));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        post('/api/offers/abc/copy').type('json').send('\u0001'.repeat(1000)),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(100).fill(202));
    expect((await Promise.all(first)).map((res) => res.status)).toEqual(Array(4).fill(202));
    expect(Math.max(...batches.map((batch) => batch.calls.length))).toBeGreaterThan(1);
  });

  test('offers answering a batch wrongly → 502 for each of its calls; offers back → 202 again', async () => {
    mode = 'garbled';
    const answers = await Promise.all([post('/api/offers/a/copy', {}), post('/api/analytics', {})]);
    for (const res of answers) {
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: 'Offers service unavailable', code: 'bad_gateway' });
    }
    mode = 'answer';
    expect((await post('/api/offers/a/copy', {})).status).toBe(202);
  });

  test('offers unreachable → 502 with the usual message', async () => {
    const down = await startGateway({ offers: { url: `http://127.0.0.1:${await freePort()}` } });
    try {
      const res = await request(down.url).post('/api/offers/a/referral-click').set('Origin', ORIGIN).send({});
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: 'Offers service unavailable', code: 'bad_gateway' });
    } finally {
      await down.close();
    }
  });
});
