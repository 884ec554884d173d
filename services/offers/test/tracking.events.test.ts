import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createEnvelope } from '@tullab/events';
import type { ActivityEvent, ActivityKind } from '@tullab/contracts';
import { startedForTests } from '@tullab/testing';
import { contextOf } from '../src/context';
import { COUNTED_DAYS } from '../src/modules/tracking/events';
import { forgetCountedTask } from '../src/modules/tracking/forget';
import { createOffer, staff, startOffers, uaeDay } from './helpers';
import { day, offerStats } from './tracking.fixture';

const offers = startedForTests(startOffers);
const api = () => request(offers.url);
const statsOf = offerStats(offers);

/** One tracking event as the ingest stores it, happening now: an active student's, or else nobody's. */
const activity = (
  kind: ActivityKind,
  offerId: string,
  userId: string | null,
  by: Partial<ActivityEvent> = {},
): ActivityEvent => ({
  id: randomUUID(),
  kind,
  offerId,
  userId,
  active: userId !== null,
  visitor: null,
  occurredAt: new Date().toISOString(),
  ...by,
});

/** A visitor's address as a tracking event keeps it (a made-up hash: the worker only compares them). */
const visitor = () => randomUUID().replaceAll('-', '');

describe('the offers worker', () => {
  test('a batch is counted per offer, day and counter: each student and visitor once, every call, only active students in currentUses', async () => {
    const [offer, other] = [await createOffer(offers), await createOffer(offers)];
    const [first, second, unverified] = [randomUUID(), randomUUID(), randomUUID()];
    const seen = visitor();
    const batch = createEnvelope('offer.activity_recorded', {
      events: [
        activity('code_copied', offer.id, first),
        activity('code_copied', offer.id, first),
        activity('referral_clicked', offer.id, first),
        activity('referral_clicked', offer.id, second),
        activity('referral_clicked', offer.id, unverified, { active: false }),
        activity('viewed', offer.id, null, { visitor: seen }),
        activity('viewed', offer.id, null, { visitor: seen }),
        activity('viewed', offer.id, null),
        activity('link_shared', offer.id, second),
        activity('viewed', other.id, second),
        activity('code_copied', other.id, null, { visitor: seen }),
      ],
    });
    expect((await offers.deliver(batch)).returnvalue).toBe('done');
    expect(await offers.usesOf(offer.id)).toBe(2);
    expect(await offers.usesOf(other.id)).toBe(0);
    expect(await statsOf(offer.id)).toEqual([
      day({
        id: uaeDay(),
        day: uaeDay(),
        viewsVisitors: 1,
        viewsCalls: 3,
        linkCopiesStudents: 1,
        linkCopiesCalls: 1,
        codeCopiesStudents: 1,
        codeCopiesCalls: 2,
        referralClicksStudents: 3,
        referralClicksCalls: 3,
      }),
    ]);
    expect(await statsOf(other.id)).toEqual([
      day({
        id: uaeDay(),
        day: uaeDay(),
        viewsStudents: 1,
        viewsCalls: 1,
        codeCopiesVisitors: 1,
        codeCopiesCalls: 1,
      }),
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
    expect((await statsOf(offer.id))[0]).toMatchObject({
      codeCopiesStudents: 1,
      codeCopiesCalls: 1,
      viewsStudents: 1,
      viewsCalls: 1,
    });
  });

  test('the day is the one each event happened on, in the UAE; a student counts once on each', async () => {
    const offer = await createOffer(offers);
    const student = randomUUID();
    const [yesterday, today] = [uaeDay(-1), uaeDay()];
    const midnight = Date.parse(`${today}T00:00:00+04:00`);
    const at = (ms: number) => ({ occurredAt: new Date(midnight + ms).toISOString() });
    const batch = createEnvelope('offer.activity_recorded', {
      events: [
        // 23:59:59 and 00:00:01 in Dubai (UTC+4): the same batch, two days
        activity('code_copied', offer.id, student, at(-1000)),
        activity('code_copied', offer.id, student, at(1000)),
        activity('code_copied', offer.id, student, at(3600_000)),
        activity('viewed', offer.id, null, at(1000)),
      ],
    });
    expect((await offers.deliver(batch)).returnvalue).toBe('done');
    expect(await statsOf(offer.id)).toEqual([
      expect.objectContaining({ day: today, viewsCalls: 1, codeCopiesStudents: 1, codeCopiesCalls: 2 }),
      expect.objectContaining({ day: yesterday, viewsCalls: 0, codeCopiesStudents: 1, codeCopiesCalls: 1 }),
    ]);
    const range = await api()
      .get(`/admin/offers/${offer.id}/stats`)
      .query({ filter: JSON.stringify({ day_gte: uaeDay(1) }) })
      .set(staff());
    expect(range.body).toEqual([]);
    expect(range.headers['content-range']).toBe('offer-stats */0');
  });

  test('whom it counted is kept for the last COUNTED_DAYS days: older events count in all calls only, older rows are forgotten', async () => {
    const offer = await createOffer(offers);
    const student = randomUUID();
    const daysAgo = (days: number) => ({
      occurredAt: new Date(Date.now() - days * 86_400_000).toISOString(),
    });
    const oldest = COUNTED_DAYS - 1;
    const batch = createEnvelope('offer.activity_recorded', {
      events: [
        activity('code_copied', offer.id, student, daysAgo(oldest)),
        activity('code_copied', offer.id, student, daysAgo(COUNTED_DAYS)),
        activity('code_copied', offer.id, student, daysAgo(COUNTED_DAYS + 2)),
      ],
    });
    expect((await offers.deliver(batch)).returnvalue).toBe('done');
    const stats = await statsOf(offer.id);
    expect(stats).toEqual([
      expect.objectContaining({ day: uaeDay(-oldest), codeCopiesStudents: 1, codeCopiesCalls: 1 }),
      expect.objectContaining({ day: uaeDay(-COUNTED_DAYS), codeCopiesStudents: 0, codeCopiesCalls: 1 }),
      expect.objectContaining({ day: uaeDay(-COUNTED_DAYS - 2), codeCopiesStudents: 0, codeCopiesCalls: 1 }),
    ]);
    // the student still became a user of the offer
    expect(await offers.usesOf(offer.id)).toBe(1);

    // a row of a day that has just passed out of the window (as if counted before midnight) goes; the rest stays
    await offers.sql(
      "insert into offer_daily_actor (day, offer_id, counter, actor) values (?::date, ?, 'codeCopies', ?)",
      [uaeDay(-COUNTED_DAYS), offer.id, `s:${student}`],
    );
    // (`any`: the day's students of the offer, whatever they did, decision 016)
    const actors = () =>
      offers.sql<{ day: string; counter: string }>(
        "select to_char(day, 'YYYY-MM-DD') as day, counter from offer_daily_actor where offer_id = ? order by day, counter",
        [offer.id],
      );
    expect(await actors()).toEqual([
      { day: uaeDay(-COUNTED_DAYS), counter: 'codeCopies' },
      { day: uaeDay(-oldest), counter: 'any' },
      { day: uaeDay(-oldest), counter: 'codeCopies' },
    ]);
    await forgetCountedTask(contextOf(offers.service.deps)).run(offers.service.deps.log);
    expect(await actors()).toEqual([
      { day: uaeDay(-oldest), counter: 'any' },
      { day: uaeDay(-oldest), counter: 'codeCopies' },
    ]);
  });

  test('events of a deleted offer are skipped, the rest counted; a bad payload fails at once without retries', async () => {
    const offer = await createOffer(offers);
    const gone = await offers.deliver(
      createEnvelope('offer.activity_recorded', {
        events: [activity('code_copied', randomUUID(), randomUUID()), activity('viewed', offer.id, null)],
      }),
    );
    expect(gone.returnvalue).toBe('done');
    expect(await statsOf(offer.id)).toEqual([expect.objectContaining({ viewsCalls: 1 })]);
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
