import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { activeStudent, as, createOffer, staff, startOffers, type TestOffers } from './helpers';

let offers: TestOffers;
const api = () => request(offers.url);

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

/** What was stored for an offer: each event's kind and student, by kind. */
const events = async (offerId: string) =>
  (await offers.tracked(offerId))
    .map(({ kind, userId }) => ({ kind, userId }))
    .sort((a, b) => a.kind.localeCompare(b.kind));

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
    expect(await events(offer.id)).toEqual([
      { kind: 'code_copied', userId: student },
      { kind: 'referral_clicked', userId: student },
    ]);
  });

  test('the event says who made the call: a student and whether they are active, a visitor by a hash of the address of the day, staff as nobody', async () => {
    const offer = await createOffer(offers);
    const [active, pending] = [randomUUID(), randomUUID()];
    const callers = [
      activeStudent(active),
      as('student', { userId: pending, verificationStatus: 'pending' }),
      as(null, { ip: '192.0.2.10' }),
      as(null, { ip: '192.0.2.10' }),
      as(null, { ip: '192.0.2.11' }),
      // one IPv6 /64, as the rate limit counts it
      as(null, { ip: '2001:db8:5:6::1' }),
      as(null, { ip: '2001:db8:5:6:ffff::2' }),
      as('staff'),
    ];
    for (const caller of callers)
      await api().post(`/offers/${offer.id}/copy`).set(caller).send({ studentId: randomUUID() }).expect(202);
    const stored = await offers.tracked(offer.id);
    const who = stored.map(({ userId, active: isActive, visitor }) => ({
      userId,
      active: isActive,
      visitor,
    }));
    const hashed = { userId: null, active: false, visitor: expect.stringMatching(/^[0-9a-f]{32}$/) };
    expect(who).toEqual(
      expect.arrayContaining([
        { userId: active, active: true, visitor: null },
        { userId: pending, active: false, visitor: null },
        { userId: null, active: false, visitor: null },
      ]),
    );
    expect(who.filter((w) => w.visitor)).toEqual(Array(5).fill(hashed));
    const visitors = stored.filter((event) => event.visitor).map((event) => event.visitor);
    // the same address the same day → the same hash; another address → another
    expect(new Set(visitors).size).toBe(3);
    // the addresses themselves are stored nowhere
    const [{ payloads }] = await offers.sql<{ payloads: string }>(
      "select string_agg(payload::text, ' ') as payloads from outbox where name = 'offer.activity_recorded'",
    );
    for (const ip of ['192.0.2.10', '192.0.2.11', '2001:db8:5:6']) expect(payloads).not.toContain(ip);
  });

  test('an unknown or unlisted (draft, paused, expired) offer → 404 and nothing is stored', async () => {
    const draft = await createOffer(offers, { status: 'draft' });
    const paused = await createOffer(offers);
    await api().post(`/admin/offers/${paused.id}/pause`).set(staff()).expect(200);
    const expired = await createOffer(offers);
    await offers.sql("update offer set expires_at = now() - interval '1 second' where id = ?", [expired.id]);
    for (const id of [randomUUID(), 'x', draft.id, paused.id, expired.id]) {
      const res = await api().post(`/offers/${id}/copy`).set(activeStudent()).send({});
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Offer not found', code: 'not_found' });
    }
    for (const offer of [draft, paused, expired]) expect(await events(offer.id)).toEqual([]);
  });

  test('a body over 1 kB → 413', async () => {
    const offer = await createOffer(offers);
    const res = await api()
      .post(`/offers/${offer.id}/copy`)
      .set(activeStudent())
      .send({ studentId: null, padding: 'x'.repeat(2048) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Request body is too large');
    expect(await events(offer.id)).toEqual([]);
  });
});

describe('POST /analytics', () => {
  const post = (body: unknown) =>
    api()
      .post('/analytics')
      .set(as(null))
      .send(body as object);

  test('offer_click and link_copy are stored as viewed and link_shared', async () => {
    const offer = await createOffer(offers, { brandName: 'Seen Brand' });
    const metadata = JSON.stringify({ brandName: 'Seen Brand' });
    expect((await post({ eventType: 'offer_click', offerId: offer.id, metadata })).status).toBe(202);
    expect((await post({ eventType: 'link_copy', offerId: offer.id, metadata })).status).toBe(202);
    expect(await events(offer.id)).toEqual([
      { kind: 'link_shared', userId: null },
      { kind: 'viewed', userId: null },
    ]);
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
    expect(res.body).toEqual({ message, code: 'validation_failed', errors: { [field]: message } });
  });

  test('metadata of exactly 512 bytes is accepted', async () => {
    const offer = await createOffer(offers);
    const metadata = JSON.stringify({ b: 'é'.repeat(252) });
    expect(Buffer.byteLength(metadata)).toBe(512);
    expect((await post({ eventType: 'offer_click', offerId: offer.id, metadata })).status).toBe(202);
  });
});
