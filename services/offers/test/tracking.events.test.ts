import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import request from 'supertest';
import { createEnvelope, jobDefaults, type Envelope } from '@tullab/events';
import { activeStudent, as, createOffer, staff, startOffers, waitFor, type TestOffers } from './helpers';

let offers: TestOffers;
const api = () => request(offers.url);

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

const queue = () => offers.service.deps.publisher.queue('offers');

/** Adds an envelope to offers' queue under a job id of its own and waits until the worker is done with it. */
async function deliver(envelope: Envelope, jobId = `t-${randomUUID()}`): Promise<Job> {
  await queue().add(envelope.name, envelope, { ...jobDefaults, jobId });
  await waitFor(async () => {
    const state = await queue().getJobState(jobId);
    return state === 'completed' || state === 'failed';
  });
  // read once it is done: a copy fetched earlier would still show the attempt as not made
  return (await queue().getJob(jobId))!;
}

const usesOf = async (offerId: string) =>
  (await offers.sql<{ current_uses: number }>('select current_uses from offer where id = ?', [offerId]))[0]
    .current_uses;

const statsOf = async (offerId: string) =>
  (await api().get(`/admin/offers/${offerId}/stats`).set(staff())).body as Array<Record<string, unknown>>;

/** Every event in the outbox has been relayed and handled. */
const drained = () =>
  waitFor(async () => {
    await offers.service.deps.relay.runOnce();
    const [{ unsent }] = await offers.sql<{ unsent: string }>(
      'select count(*) as unsent from outbox where enqueued_at is null',
    );
    const counts = await queue().getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Number(unsent) === 0 && Object.values(counts).every((n) => n === 0);
  }, 15_000);

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
    await drained();

    expect(await usesOf(offer.id)).toBe(2);
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

  test('the same event delivered twice changes things once', async () => {
    const offer = await createOffer(offers);
    const copied = createEnvelope('offer.code_copied', { offerId: offer.id, userId: randomUUID() });
    expect((await deliver(copied)).returnvalue).toBe('done');
    expect((await deliver(copied)).returnvalue).toBe('duplicate');
    expect(await usesOf(offer.id)).toBe(1);
    expect((await statsOf(offer.id))[0]).toMatchObject({ codeCopies: 1 });
  });

  test('the day is the one the event happened on, in the UAE', async () => {
    const offer = await createOffer(offers);
    const viewed = {
      ...createEnvelope('offer.viewed', { offerId: offer.id, userId: null }),
      occurredAt: '2026-03-01T21:30:00.000Z',
    };
    expect((await deliver(viewed)).returnvalue).toBe('done');
    expect(await statsOf(offer.id)).toEqual([expect.objectContaining({ day: '2026-03-02', views: 1 })]);
    const range = await api()
      .get(`/admin/offers/${offer.id}/stats`)
      .query({ filter: JSON.stringify({ day_gte: '2026-03-03' }) })
      .set(staff());
    expect(range.body).toEqual([]);
    expect(range.headers['content-range']).toBe('offer-stats */0');
  });

  test('an event for a deleted offer is skipped; a bad payload fails at once without retries', async () => {
    const gone = await deliver(
      createEnvelope('offer.redeemed', {
        offerId: randomUUID(),
        userId: randomUUID(),
        redemptionId: randomUUID(),
      }),
    );
    expect(gone.returnvalue).toBe('done');
    const bad = {
      ...createEnvelope('offer.code_copied', { offerId: randomUUID(), userId: null }),
      payload: { offerId: 'nope' },
    };
    const job = await deliver(bad);
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/invalid offer.code_copied payload/);
  });
});
