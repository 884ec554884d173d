import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { activeStudent, as, createOffer, randomIp, startOffers, type TestOffers } from './helpers';

let offers: TestOffers;
const api = () => request(offers.url);

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

const events = (name: string, offerId: string) =>
  offers.sql<{ payload: { offerId: string; userId: string | null } }>(
    'select payload from outbox where name = ? and payload->>? = ? order by occurred_at',
    [name, 'offerId', offerId],
  );

describe('POST /offers/:id/copy and /offers/:id/referral-click', () => {
  test('answer 202 once the event is in the outbox, attributed to the session student, not the body (S29)', async () => {
    const offer = await createOffer(offers);
    const student = randomUUID();
    const someoneElse = randomUUID();
    const copy = await api()
      .post(`/offers/${offer.id}/copy`)
      .set(activeStudent(student))
      .send({ studentId: someoneElse });
    expect(copy.status).toBe(202);
    expect(copy.body).toEqual({ message: 'Event recorded' });
    const click = await api()
      .post(`/offers/${offer.id}/referral-click`)
      .set(as('student', { userId: student, verificationStatus: 'pending' }))
      .send({ studentId: null });
    expect(click.status).toBe(202);
    expect(await events('offer.code_copied', offer.id)).toEqual([
      { payload: { offerId: offer.id, userId: student } },
    ]);
    expect(await events('offer.referral_clicked', offer.id)).toEqual([
      { payload: { offerId: offer.id, userId: student } },
    ]);
  });

  test('visitors and staff are recorded as nobody', async () => {
    const offer = await createOffer(offers);
    await api().post(`/offers/${offer.id}/copy`).set(as(null)).send({ studentId: randomUUID() }).expect(202);
    await api().post(`/offers/${offer.id}/copy`).set(as('staff')).send({}).expect(202);
    expect((await events('offer.code_copied', offer.id)).map((row) => row.payload.userId)).toEqual([
      null,
      null,
    ]);
  });

  test('an unknown or unlisted offer → 404 and nothing is stored', async () => {
    const draft = await createOffer(offers, { status: 'draft' });
    for (const id of [randomUUID(), 'x', draft.id]) {
      const res = await api().post(`/offers/${id}/copy`).set(activeStudent()).send({});
      expect(res.status).toBe(404);
    }
    expect(await events('offer.code_copied', draft.id)).toEqual([]);
  });

  test('a body over 1 kB → 413', async () => {
    const offer = await createOffer(offers);
    const res = await api()
      .post(`/offers/${offer.id}/copy`)
      .set(activeStudent())
      .send({ studentId: null, padding: 'x'.repeat(2048) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Request body is too large');
    expect(await events('offer.code_copied', offer.id)).toEqual([]);
  });
});

describe('POST /analytics', () => {
  const post = (body: unknown) =>
    api()
      .post('/analytics')
      .set(as(null))
      .send(body as object);

  test('offer_click and link_copy are stored as offer.viewed and offer.link_shared', async () => {
    const offer = await createOffer(offers, { brandName: 'Seen Brand' });
    const metadata = JSON.stringify({ brandName: 'Seen Brand' });
    expect((await post({ eventType: 'offer_click', offerId: offer.id, metadata })).status).toBe(202);
    expect((await post({ eventType: 'link_copy', offerId: offer.id, metadata })).status).toBe(202);
    expect(await events('offer.viewed', offer.id)).toHaveLength(1);
    expect(await events('offer.link_shared', offer.id)).toHaveLength(1);
  });

  test.each([
    [
      'an unknown eventType',
      { eventType: 'purchase', offerId: randomUUID(), metadata: '{}' },
      'eventType',
      'eventType must be offer_click or link_copy',
    ],
    [
      'no eventType',
      { offerId: randomUUID(), metadata: '{}' },
      'eventType',
      'eventType must be offer_click or link_copy',
    ],
    [
      'an offerId that is no id',
      { eventType: 'offer_click', offerId: 'nine', metadata: '{}' },
      'offerId',
      'offerId must be an offer id',
    ],
    [
      'metadata that is not JSON',
      { eventType: 'offer_click', offerId: randomUUID(), metadata: 'brand=x' },
      'metadata',
      'metadata must be a JSON string',
    ],
    [
      'metadata that is an object',
      { eventType: 'offer_click', offerId: randomUUID(), metadata: { brandName: 'x' } },
      'metadata',
      'metadata must be a JSON string',
    ],
    [
      'metadata over 512 bytes',
      { eventType: 'offer_click', offerId: randomUUID(), metadata: JSON.stringify({ b: 'x'.repeat(520) }) },
      'metadata',
      'metadata must be at most 512 bytes',
    ],
  ])('%s → 400 naming the field', async (_label, body, field, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, errors: { [field]: message } });
  });

  test('metadata of exactly 512 bytes is accepted', async () => {
    const offer = await createOffer(offers);
    const metadata = JSON.stringify({ b: 'é'.repeat(252) });
    expect(Buffer.byteLength(metadata)).toBe(512);
    expect((await post({ eventType: 'offer_click', offerId: offer.id, metadata })).status).toBe(202);
  });
});

describe('rate limit', () => {
  test('the 61st tracking call from one address within a minute → 429 with Retry-After', async () => {
    const offer = await createOffer(offers);
    const ip = randomIp();
    const caller = () => as(null, { ip });
    for (let i = 0; i < 60; i += 1) {
      const path = i % 2 ? `/offers/${offer.id}/copy` : '/analytics';
      const res = await api()
        .post(path)
        .set(caller())
        .send({ eventType: 'offer_click', offerId: offer.id, metadata: '{}' });
      expect(res.status).toBe(202);
    }
    const limited = await api().post(`/offers/${offer.id}/referral-click`).set(caller()).send({});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api().post(`/offers/${offer.id}/copy`).set(as(null)).send({})).status).toBe(202);
  });
});
