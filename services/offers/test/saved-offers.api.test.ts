import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createEnvelope } from '@tullab/events';
import { spec } from '../src';
import { activeStudent, as, createOffer, staff, startOffers, type TestOffers } from './helpers';

/** Issue 13 point 3, decision 014: saved offers kept on the account, and the reminder that one ends soon. */

let offers: TestOffers;
const api = () => request(offers.url);
const DAY = 24 * 3600_000;
const student = (userId: string, verificationStatus = 'none') =>
  as('student', { userId, verificationStatus });
const save = (offerId: string, caller: Record<string, string>) =>
  api().put(`/offers/${offerId}/save`).set(caller);
const unsave = (offerId: string, caller: Record<string, string>) =>
  api().delete(`/offers/${offerId}/save`).set(caller);
const saved = async (caller: Record<string, string>) => {
  const res = await api().get('/students/me/saved').set(caller);
  expect(res.status).toBe(200);
  return res.body.offerIds as string[];
};
const endingEvents = (offerId: string) =>
  offers.sql<{ payload: Record<string, unknown> }>(
    "select payload from outbox where name = 'saved-offer.ending' and payload->>'offerId' = ? order by occurred_at",
    [offerId],
  );
const endingTask = () =>
  spec.schedules!(offers.service.deps).find((task) => task.name === 'saved-offers-ending')!;
const runTask = () => endingTask().run(offers.service.deps.log);

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

describe('saving offers', () => {
  test('a student saves and unsaves an offer; both are idempotent and the list shows the newest first', async () => {
    const [first, second] = [await createOffer(offers), await createOffer(offers)];
    const me = randomUUID();
    expect((await save(first.id, student(me))).status).toBe(204);
    expect((await save(second.id, student(me, 'active'))).status).toBe(204);
    expect((await save(first.id, student(me))).status).toBe(204);
    expect(await saved(student(me))).toEqual([second.id, first.id]);
    const rows = await offers.sql('select offer_id from saved_offer where user_id = ?', [me]);
    expect(rows).toHaveLength(2);

    expect((await unsave(second.id, student(me))).status).toBe(204);
    expect((await unsave(second.id, student(me))).status).toBe(204);
    expect(await saved(student(me))).toEqual([first.id]);
    // another student's list is their own
    expect(await saved(student(randomUUID()))).toEqual([]);
  });

  test('a visitor → 401, staff and admins → 403; nothing is stored', async () => {
    const offer = await createOffer(offers);
    for (const call of [save(offer.id, as(null)), unsave(offer.id, as(null))])
      expect((await call).status).toBe(401);
    expect((await api().get('/students/me/saved').set(as(null))).status).toBe(401);
    for (const caller of [staff(), as('admin')]) {
      expect((await save(offer.id, caller)).status).toBe(403);
      expect((await unsave(offer.id, caller)).status).toBe(403);
      expect((await api().get('/students/me/saved').set(caller)).status).toBe(403);
    }
    expect(await offers.sql('select 1 from saved_offer where offer_id = ?', [offer.id])).toEqual([]);
  });

  test('an unknown, malformed, draft, paused or expired offer cannot be saved (404)', async () => {
    const draft = await createOffer(offers, { status: 'draft' });
    const paused = await createOffer(offers);
    await api().post(`/admin/offers/${paused.id}/pause`).set(staff()).expect(200);
    const expired = await createOffer(offers, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const me = randomUUID();
    for (const id of [randomUUID(), 'not-an-id', draft.id, paused.id, expired.id]) {
      const res = await save(id, student(me));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Offer not found', code: 'not_found' });
    }
    expect(await saved(student(me))).toEqual([]);
  });

  test('an offer that leaves the catalogue leaves the list, and comes back with it', async () => {
    const offer = await createOffer(offers);
    const me = randomUUID();
    await save(offer.id, student(me)).expect(204);
    await api().post(`/admin/offers/${offer.id}/pause`).set(staff()).expect(200);
    expect(await saved(student(me))).toEqual([]);
    // still removable while paused
    await api().post(`/admin/offers/${offer.id}/resume`).set(staff()).expect(200);
    expect(await saved(student(me))).toEqual([offer.id]);
  });
});

describe('the reminder that a saved offer ends soon', () => {
  test('an offer ending in 2 days, saved by a student: one event; run again: still one', async () => {
    const expiresAt = new Date(Date.now() + 2 * DAY);
    const offer = await createOffer(offers, {
      title: '30% off sneakers',
      titleAr: 'خصم 30% على الأحذية الرياضية',
      brandName: 'Kicks',
      expiresAt: expiresAt.toISOString(),
    });
    const me = randomUUID();
    await save(offer.id, activeStudent(me)).expect(204);
    await runTask();
    await runTask();
    const events = await endingEvents(offer.id);
    expect(events.map((event) => event.payload)).toEqual([
      {
        userId: me,
        offerId: offer.id,
        title: '30% off sneakers',
        titleAr: 'خصم 30% على الأحذية الرياضية',
        brandName: 'Kicks',
        expiresAt: expiresAt.toISOString(),
      },
    ]);
    const [row] = await offers.sql<{ mailed: boolean }>(
      'select ending_mailed_at is not null as mailed from saved_offer where user_id = ? and offer_id = ?',
      [me, offer.id],
    );
    expect(row.mailed).toBe(true);
    // removed and saved again: not sent again
    await unsave(offer.id, student(me)).expect(204);
    await save(offer.id, student(me)).expect(204);
    await save(offer.id, student(me)).expect(204);
    expect(await saved(student(me))).toEqual([offer.id]);
    await runTask();
    expect(await endingEvents(offer.id)).toHaveLength(1);
  });

  test('one event per student who saved it; an offer ending later, without an expiry, paused or not saved: none', async () => {
    const soon = await createOffer(offers, { expiresAt: new Date(Date.now() + 2.5 * DAY).toISOString() });
    const later = await createOffer(offers, { expiresAt: new Date(Date.now() + 5 * DAY).toISOString() });
    const never = await createOffer(offers, { expiresAt: null });
    const paused = await createOffer(offers, { expiresAt: new Date(Date.now() + DAY).toISOString() });
    const unsaved = await createOffer(offers, { expiresAt: new Date(Date.now() + DAY).toISOString() });
    const [a, b] = [randomUUID(), randomUUID()];
    for (const offer of [soon, later, never, paused]) await save(offer.id, student(a)).expect(204);
    await save(soon.id, student(b)).expect(204);
    await api().post(`/admin/offers/${paused.id}/pause`).set(staff()).expect(200);
    await Promise.all([runTask(), runTask()]);
    const events = await endingEvents(soon.id);
    expect(events.map((event) => event.payload.userId).sort()).toEqual([a, b].sort());
    for (const offer of [later, never, paused, unsaved]) expect(await endingEvents(offer.id)).toEqual([]);
  });

  test('is scheduled every hour on the schedule queue', () => {
    expect(endingTask().everyMs).toBe(3_600_000);
  });
});

describe('personal data (decision 009)', () => {
  test('the export lists the saved offers, and deleting the account removes them', async () => {
    const offer = await createOffer(offers, { title: 'Saved for later' });
    const me = randomUUID();
    await save(offer.id, student(me)).expect(204);
    const exported = await api()
      .post('/internal/personal-data')
      .set(student(me))
      .send({ userId: me })
      .expect(200);
    expect(exported.body.data.savedOffers).toEqual([
      { offerId: offer.id, offerTitle: 'Saved for later', savedAt: expect.any(String), endingMailedAt: null },
    ]);
    const deleted = createEnvelope('account.deleted', {
      userId: me,
      emails: [`${me.slice(0, 8)}@example.com`],
      deletedAt: new Date().toISOString(),
      actor: { userId: me, role: 'student' },
    });
    expect((await offers.deliver(deleted)).returnvalue).toBe('done');
    expect(await offers.sql('select 1 from saved_offer where user_id = ?', [me])).toEqual([]);
  });
});
