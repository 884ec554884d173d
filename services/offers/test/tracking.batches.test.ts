import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  offers as offerRoutes,
  offersTracking,
  pathOf,
  routeKey,
  TRACKING_BATCH_MAX,
  type ApiRoute,
  type TrackingCall,
} from '@tullab/contracts';
import { IDENTITY_HEADER, SIGNATURE_HEADER } from '@tullab/contracts';
import { TRACKING_LIMITS } from '../src/modules/tracking/limits';
import { activeStudent, as, createOffer, randomIp, startOffers, type TestOffers } from './helpers';

let offers: TestOffers;

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

const { analytics, copyCode, redeem, referralClick } = offerRoutes.routes;
const BATCH = pathOf(offersTracking.routes.batch);

/**
 * A call of `route` with the path's `params`, as a batch carries it, made by whoever `headers` (from `as`) sign for,
 * with `body` as the client sent it.
 */
function call(
  route: ApiRoute,
  params: Record<string, string>,
  headers: Record<string, string>,
  body: unknown = {},
): TrackingCall {
  return {
    route: routeKey(route),
    params,
    identity: headers[IDENTITY_HEADER],
    signature: headers[SIGNATURE_HEADER],
    requestId: randomUUID(),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** Posts a batch as the gateway does (signed as a visitor: the batch itself is nobody's). */
const post = (calls: TrackingCall[]) => request(offers.url).post(BATCH).set(as(null)).send({ calls });

describe("POST /internal/tracking-batches (the gateway's batches of tracking calls)", () => {
  test('each call is answered, in order, as it would have been alone; only the accepted ones are stored', async () => {
    const [live, draft] = [await createOffer(offers), await createOffer(offers, { status: 'draft' })];
    const student = randomUUID();
    const metadata = JSON.stringify({ brandName: 'Batch Co' });
    const calls = [
      call(copyCode, { id: live.id }, activeStudent(student), { studentId: randomUUID() }),
      call(copyCode, { id: draft.id }, activeStudent(student)),
      call(referralClick, { id: live.id }, as(null)),
      call(analytics, {}, as('staff'), { eventType: 'offer_click', offerId: live.id, metadata }),
      call(analytics, {}, activeStudent(student), { eventType: 'purchase', offerId: live.id }),
      // 604 characters, 1,208 bytes
      call(copyCode, { id: live.id }, activeStudent(student), { note: 'é'.repeat(600) }),
      call(copyCode, { id: live.id }, activeStudent(student), '{"studentId":'),
      call(redeem, { id: live.id }, activeStudent(student)),
      { ...call(copyCode, { id: live.id }, activeStudent(student)), signature: 'f'.repeat(64) },
      // an id that is no UUID names no offer, as on a single call
      call(referralClick, { id: 'not-an-offer' }, activeStudent(student)),
    ];
    const res = await post(calls);
    expect(res.status).toBe(200);
    expect(res.body.answers).toEqual([
      { status: 202, body: { message: 'Event recorded' } },
      { status: 404, body: { message: 'Offer not found', code: 'not_found' } },
      { status: 202, body: { message: 'Event recorded' } },
      { status: 202, body: { message: 'Event recorded' } },
      {
        status: 400,
        body: {
          message: 'eventType must be offer_click or link_copy',
          code: 'validation_failed',
          errors: { eventType: 'eventType must be offer_click or link_copy' },
        },
      },
      { status: 413, body: { message: 'Request body is too large', code: 'payload_too_large' } },
      {
        status: 400,
        body: {
          message: 'Malformed JSON body',
          code: 'malformed_body',
          errors: { body: 'Malformed JSON body' },
        },
      },
      { status: 404, body: { message: 'Not found', code: 'not_found' } },
      { status: 401, body: { message: 'Unauthorized', code: 'unauthenticated' } },
      { status: 404, body: { message: 'Offer not found', code: 'not_found' } },
    ]);
    // S29: the student is the call's signed identity, never the body's; visitors and staff count as nobody
    const stored = (await offers.tracked(live.id)).map(({ kind, userId }) => ({ kind, userId }));
    expect(stored).toEqual(
      expect.arrayContaining([
        { kind: 'code_copied', userId: student },
        { kind: 'referral_clicked', userId: null },
        { kind: 'viewed', userId: null },
      ]),
    );
    expect(stored).toHaveLength(3);
    expect(await offers.tracked(draft.id)).toEqual([]);
    // each event keeps the id of its call's own request (ARCHITECTURE "Request ids")
    const ids = await offers.sql<{ requestId: string }>(
      `select e->>'requestId' as "requestId" from outbox, jsonb_array_elements(payload->'events') e
        where name = 'offer.activity_recorded' and e->>'offerId' = ?`,
      [live.id],
    );
    expect(ids.map((row) => row.requestId).sort()).toEqual(
      [calls[0], calls[2], calls[3]].map((accepted) => accepted.requestId).sort(),
    );
  });

  test('the per-user limit counts calls in batches as it counts them alone: 429 with Retry-After past it', async () => {
    const offer = await createOffer(offers);
    const student = randomUUID();
    const calls = Array.from({ length: TRACKING_LIMITS.perUser + 2 }, () =>
      call(copyCode, { id: offer.id }, as('student', { userId: student, ip: randomIp() })),
    );
    const first = await post(calls.slice(0, 150));
    const rest = await post(calls.slice(150));
    const statuses = [...first.body.answers, ...rest.body.answers].map((answer) => answer.status);
    expect(statuses).toEqual([...Array(TRACKING_LIMITS.perUser).fill(202), 429, 429]);
    expect(rest.body.answers.at(-1)).toEqual({
      status: 429,
      body: { message: 'Too many requests. Please slow down.', code: 'rate_limited' },
      headers: { 'Retry-After': expect.stringMatching(/^[1-9]\d*$/) },
    });
    expect(await offers.tracked(offer.id)).toHaveLength(TRACKING_LIMITS.perUser);
  }, 30_000);

  test('a malformed call gets its own 400 with the field; the calls beside it are answered and stored (T28)', async () => {
    const offer = await createOffer(offers);
    const good = () => call(copyCode, { id: offer.id }, activeStudent());
    const { requestId: _left, ...withoutId } = good();
    const calls: unknown[] = [
      good(),
      { ...good(), params: { id: 'a'.repeat(300) } },
      good(),
      withoutId,
      { ...good(), body: 'x'.repeat(1025) },
      { ...good(), requestId: 'r'.repeat(129) },
      'not a call',
      null,
      good(),
    ];
    const res = await request(offers.url).post(BATCH).set(as(null)).send({ calls });
    expect(res.status).toBe(200);
    const answers = res.body.answers as Array<{ status: number; body: { code?: string; errors?: object } }>;
    expect(answers.map((answer) => answer.status)).toEqual([202, 400, 202, 400, 400, 400, 400, 400, 202]);
    const fields = answers.map((answer) => Object.keys(answer.body.errors ?? {}));
    expect(fields).toEqual([
      [],
      ['params.id'],
      [],
      ['requestId'],
      ['body'],
      ['requestId'],
      ['body'],
      ['body'],
      [],
    ]);
    for (const refused of answers.filter((answer) => answer.status === 400))
      expect(refused.body.code).toBe('validation_failed');
    expect(await offers.tracked(offer.id)).toHaveLength(3);
  });

  test('a batch whose envelope is wrong (the gateway’s bug, never a client’s) → 400 with the field, nothing stored', async () => {
    const offer = await createOffer(offers);
    const one = call(copyCode, { id: offer.id }, activeStudent());
    for (const body of [
      {},
      { calls: [] },
      { calls: one },
      { calls: Array(TRACKING_BATCH_MAX + 1).fill({}) },
    ]) {
      const res = await request(offers.url).post(BATCH).set(as(null)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty(['calls']);
    }
    expect(await offers.tracked(offer.id)).toEqual([]);
  });

  test('without the signed identity of the gateway → 401', async () => {
    const offer = await createOffer(offers);
    const res = await request(offers.url)
      .post(BATCH)
      .send({ calls: [call(copyCode, { id: offer.id }, activeStudent())] });
    expect(res.status).toBe(401);
    expect(await offers.tracked(offer.id)).toEqual([]);
  });
});
