import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createEnvelope, type ActivityEvent, type ActivityKind } from '@tullab/events';
import { activeStudent, as, createOffer, staff, startOffers, type TestOffers } from './helpers';

let offers: TestOffers;
const api = () => request(offers.url);

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

/** One tracking event as the ingest stores it, happening now. */
const activity = (kind: ActivityKind, offerId: string, userId: string | null): ActivityEvent => ({
  id: randomUUID(),
  kind,
  offerId,
  userId,
  occurredAt: new Date().toISOString(),
});

const statsOf = async (offerId: string) =>
  (await api().get(`/admin/offers/${offerId}/stats`).set(staff())).body as Array<Record<string, unknown>>;

describe('the offers worker', () => {
  test('counts each student once in currentUses, whatever they repeat, and every call in the daily counters', async () => {
    const offer = await createOffer(offers, { code: 'COUNT-ME' });
    const [first, second] = [randomUUID(), randomUUID()];
    await api().post(`/offers/${offer.id}/copy`).set(activeStudent(first)).send({}).expect(202);
    await api().post(`/offers/${offer.id}/copy`).set(activeStudent(first)).send({}).expect(202);
    await api().post(`/offers/${offer.id}/redeem`).set(activeStudent(first)).expect(200);
    await api().post(`/offers/${offer.id}/referral-click`).set(activeStudent(first)).send({}).expect(202);
    await api()
      .post(`/offers/${offer.id}/copy`)
      .set(activeStudent(second))
      .send({ studentId: first })
      .expect(202);
    await api().post(`/offers/${offer.id}/copy`).set(as(null)).send({}).expect(202);
    await api()
      .post('/analytics')
      .set(as(null))
      .send({ eventType: 'offer_click', offerId: offer.id, metadata: '{}' })
      .expect(202);
    await api()
      .post('/analytics')
      .set(activeStudent(first))
      .send({ eventType: 'link_copy', offerId: offer.id, metadata: '{}' })
      .expect(202);
    await offers.drained();

    expect(await offers.usesOf(offer.id)).toBe(2);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());
    expect(await statsOf(offer.id)).toEqual([
      {
        id: today,
        day: today,
        views: 1,
        linkCopies: 1,
        codeCopies: 4,
        referralClicks: 1,
        redemptions: 1,
      },
    ]);
    const listed = (await api().get('/offers').set(as(null))).body.find(
      (o: { id: string }) => o.id === offer.id,
    );
    expect(listed.currentUses).toBe(2);
  });

  test('a batch is counted per offer, day and counter, each student once in currentUses', async () => {
    const [offer, other] = [await createOffer(offers), await createOffer(offers)];
    const [first, second] = [randomUUID(), randomUUID()];
    const batch = createEnvelope('offer.activity_recorded', {
      events: [
        activity('code_copied', offer.id, first),
        activity('code_copied', offer.id, first),
        activity('referral_clicked', offer.id, first),
        activity('referral_clicked', offer.id, second),
        activity('viewed', offer.id, null),
        activity('link_shared', offer.id, second),
        activity('viewed', other.id, second),
        activity('code_copied', other.id, null),
      ],
    });
    expect((await offers.deliver(batch)).returnvalue).toBe('done');
    expect(await offers.usesOf(offer.id)).toBe(2);
    expect(await offers.usesOf(other.id)).toBe(0);
    expect(await statsOf(offer.id)).toEqual([
      expect.objectContaining({ views: 1, linkCopies: 1, codeCopies: 2, referralClicks: 2, redemptions: 0 }),
    ]);
    expect(await statsOf(other.id)).toEqual([
      expect.objectContaining({ views: 1, linkCopies: 0, codeCopies: 1, referralClicks: 0, redemptions: 0 }),
    ]);
  });

  test('the same batch delivered twice changes things once', async () => {
    const offer = await createOffer(offers);
    const student = randomUUID();
    const batch = createEnvelope('offer.activity_recorded', {
      events: [activity('code_copied', offer.id, student), activity('viewed', offer.id, student)],
    });
    expect((await offers.deliver(batch)).returnvalue).toBe('done');
    expect((await offers.deliver(batch)).returnvalue).toBe('duplicate');
    expect(await offers.usesOf(offer.id)).toBe(1);
    expect((await statsOf(offer.id))[0]).toMatchObject({ codeCopies: 1, views: 1 });
  });

  test('the day is the one each event happened on, in the UAE', async () => {
    const offer = await createOffer(offers);
    const student = randomUUID();
    const batch = createEnvelope('offer.activity_recorded', {
      events: [
        // 23:59:59 and 00:00:01 in Dubai (UTC+4): the same batch, two days
        { ...activity('code_copied', offer.id, student), occurredAt: '2026-03-01T19:59:59.000Z' },
        { ...activity('viewed', offer.id, null), occurredAt: '2026-03-01T20:00:01.000Z' },
        { ...activity('viewed', offer.id, null), occurredAt: '2026-03-01T21:30:00.000Z' },
      ],
    });
    expect((await offers.deliver(batch)).returnvalue).toBe('done');
    expect(await statsOf(offer.id)).toEqual([
      expect.objectContaining({ day: '2026-03-02', views: 2, codeCopies: 0 }),
      expect.objectContaining({ day: '2026-03-01', views: 0, codeCopies: 1 }),
    ]);
    const range = await api()
      .get(`/admin/offers/${offer.id}/stats`)
      .query({ filter: JSON.stringify({ day_gte: '2026-03-03' }) })
      .set(staff());
    expect(range.body).toEqual([]);
    expect(range.headers['content-range']).toBe('offer-stats */0');
  });

  test('events of a deleted offer are skipped, the rest counted; a bad payload fails at once without retries', async () => {
    const offer = await createOffer(offers);
    const gone = await offers.deliver(
      createEnvelope('offer.activity_recorded', {
        events: [activity('code_copied', randomUUID(), randomUUID()), activity('viewed', offer.id, null)],
      }),
    );
    expect(gone.returnvalue).toBe('done');
    expect(await statsOf(offer.id)).toEqual([expect.objectContaining({ views: 1 })]);
    const redeemed = await offers.deliver(
      createEnvelope('offer.redeemed', {
        offerId: randomUUID(),
        userId: randomUUID(),
        redemptionId: randomUUID(),
      }),
    );
    expect(redeemed.returnvalue).toBe('done');
    const bad = {
      ...createEnvelope('offer.activity_recorded', { events: [activity('viewed', offer.id, null)] }),
      payload: { events: [{ kind: 'viewed', offerId: 'nope' }] },
    };
    const job = await offers.deliver(bad);
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/invalid offer.activity_recorded payload/);
  });
});
