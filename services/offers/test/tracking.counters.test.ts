import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startedForTests } from '@tullab/testing';
import { activeStudent, as, createOffer, randomIp, staff, startOffers, uaeDay } from './helpers';
import { day, offerStats } from './tracking.fixture';

const offers = startedForTests(startOffers);
const api = () => request(offers.url);
const statsOf = offerStats(offers);

const listedUses = async (offerId: string) =>
  (await api().get('/offers').set(as(null))).body.find((o: { id: string }) => o.id === offerId).currentUses;

const copy = (offerId: string, caller: Record<string, string>) =>
  api().post(`/offers/${offerId}/copy`).set(caller).send({}).expect(202);

describe('the offers worker', () => {
  test('counts each student once a day per counter and once in currentUses, and every call in all calls', async () => {
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
    const today = uaeDay();
    expect(await statsOf(offer.id)).toEqual([
      day({
        id: today,
        day: today,
        viewsVisitors: 1,
        viewsCalls: 1,
        linkCopiesStudents: 1,
        linkCopiesCalls: 1,
        codeCopiesStudents: 2,
        codeCopiesVisitors: 1,
        codeCopiesCalls: 4,
        referralClicksStudents: 1,
        referralClicksCalls: 1,
        redemptions: 1,
      }),
    ]);
    expect(await listedUses(offer.id)).toBe(2);
  });

  test('a student copying a code five times in a day counts once among students and five times in all calls; two students count two', async () => {
    const offer = await createOffer(offers);
    const [first, second] = [randomUUID(), randomUUID()];
    for (let i = 0; i < 5; i++) await copy(offer.id, activeStudent(first));
    await offers.drained();
    expect(await statsOf(offer.id)).toEqual([
      expect.objectContaining({ codeCopiesStudents: 1, codeCopiesVisitors: 0, codeCopiesCalls: 5 }),
    ]);
    await copy(offer.id, activeStudent(second));
    await copy(offer.id, activeStudent(second));
    await offers.drained();
    expect(await statsOf(offer.id)).toEqual([
      expect.objectContaining({ codeCopiesStudents: 2, codeCopiesVisitors: 0, codeCopiesCalls: 7 }),
    ]);
    expect(await offers.usesOf(offer.id)).toBe(2);
  });

  test('visitors count once a day per address (an IPv6 address by its /64), apart from students; staff only in all calls', async () => {
    const offer = await createOffer(offers);
    const student = randomUUID();
    const view = (caller: Record<string, string>) =>
      api()
        .post('/analytics')
        .set(caller)
        .send({ eventType: 'offer_click', offerId: offer.id, metadata: '{}' })
        .expect(202);
    const [campus, home] = [randomIp(), randomIp()];
    for (const ip of [campus, campus, campus, home, '2001:db8:7:1::1', '2001:db8:7:1::2'])
      await view(as(null, { ip }));
    // a student behind the campus address is a student, not one more visitor
    await view(activeStudent(student, campus));
    await view(activeStudent(student, campus));
    await view(staff());
    await copy(offer.id, as(null, { ip: campus }));
    await offers.drained();
    expect(await statsOf(offer.id)).toEqual([
      expect.objectContaining({
        viewsStudents: 1,
        viewsVisitors: 3,
        viewsCalls: 9,
        codeCopiesStudents: 0,
        codeCopiesVisitors: 1,
        codeCopiesCalls: 1,
      }),
    ]);
    // a visitor's copy makes no one a user of the offer
    expect(await offers.usesOf(offer.id)).toBe(0);
  });

  test("only an active student's copy or click-through raises currentUses; an unverified account still counts as a student", async () => {
    const offer = await createOffer(offers);
    const [pending, lapsed] = [randomUUID(), randomUUID()];
    await copy(offer.id, as('student', { userId: pending, verificationStatus: 'pending' }));
    await api()
      .post(`/offers/${offer.id}/referral-click`)
      .set(as('student', { userId: lapsed, verificationStatus: 'expired' }))
      .send({})
      .expect(202);
    await offers.drained();
    expect(await offers.usesOf(offer.id)).toBe(0);
    expect(await listedUses(offer.id)).toBe(0);
    expect(await statsOf(offer.id)).toEqual([
      expect.objectContaining({ codeCopiesStudents: 1, referralClicksStudents: 1 }),
    ]);

    // once verified, the same student's copy raises it (and the same day they still count once among students)
    await copy(offer.id, activeStudent(pending));
    await copy(offer.id, activeStudent());
    await offers.drained();
    expect(await offers.usesOf(offer.id)).toBe(2);
    expect(await statsOf(offer.id)).toEqual([
      expect.objectContaining({ codeCopiesStudents: 2, codeCopiesCalls: 3, referralClicksStudents: 1 }),
    ]);
  });
});
