import { randomUUID } from 'node:crypto';
import { startedForTests } from '@tullab/testing';
import { activeStudent, as, createOffer, offerForm, staff, startOffers } from './helpers';
import { redemptionCalls } from './redemptions.fixture';

const offers = startedForTests(startOffers);
const { api, redeem, importCodes, redemptions, staffAlerts } = redemptionCalls(offers);

describe('POST /offers/:id/redeem by caller state', () => {
  test('a visitor → 401, a student who is not active → 403, staff → 403; nothing is stored', async () => {
    const offer = await createOffer(offers, { code: 'STATE-CODE' });
    expect((await redeem(offer.id, as(null))).status).toBe(401);
    for (const verificationStatus of ['none', 'pending', 'rejected', 'unrecognized_domain', 'expired']) {
      const res = await redeem(offer.id, as('student', { verificationStatus }));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: 'Please verify your student status to redeem offers',
        code: 'not_verified',
      });
      expect(res.text).not.toContain('STATE-CODE');
    }
    expect((await redeem(offer.id, as('staff', { verificationStatus: 'active' }))).status).toBe(403);
    expect(await redemptions(offer.id)).toEqual([]);
  });

  test('an unknown, malformed, draft, paused or expired offer → 404', async () => {
    const draft = await createOffer(offers, { status: 'draft' });
    const paused = await createOffer(offers);
    await api().post(`/admin/offers/${paused.id}/pause`).set(staff()).expect(200);
    const expired = await createOffer(offers, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    for (const id of [randomUUID(), 'not-an-id', draft.id, paused.id, expired.id]) {
      const res = await redeem(id, activeStudent());
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Offer not found', code: 'not_found' });
    }
  });
});

describe('POST /offers/:id/redeem for an active student', () => {
  test("answers the offer's own code, not cacheable; asking again answers it again with one redemption and one event", async () => {
    const offer = await createOffer(offers, { code: 'OWN-CODE-10' });
    const student = randomUUID();
    const first = await redeem(offer.id, activeStudent(student));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: 'OWN-CODE-10' });
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await redeem(offer.id, activeStudent(student));
    expect(again.body).toEqual({ code: 'OWN-CODE-10' });
    expect(await redemptions(offer.id)).toEqual([{ user_id: student, code: 'OWN-CODE-10', sequence: 1 }]);
    const events = await offers.sql<{ payload: Record<string, string> }>(
      "select payload from outbox where name = 'offer.redeemed' and payload->>'offerId' = ?",
      [offer.id],
    );
    expect(events).toEqual([
      { payload: { offerId: offer.id, userId: student, redemptionId: expect.any(String) } },
    ]);
    expect(JSON.stringify(events)).not.toContain('OWN-CODE-10');
  });

  test('without a code of its own or a pool, every student gets the one code made for the offer, which staff see', async () => {
    const offer = await createOffer(offers, { brandName: "Noor's Café 24" });
    const { generatedCode } = (await api().get(`/admin/offers/${offer.id}`).set(staff())).body;
    expect(generatedCode).toMatch(/^noorscaf24tullab[1-9]\d$/);
    const students = [randomUUID(), randomUUID(), randomUUID()];
    for (const student of students)
      expect((await redeem(offer.id, activeStudent(student))).body).toEqual({ code: generatedCode });
    expect(await redemptions(offer.id)).toEqual(
      students.map((student) => ({ user_id: student, code: generatedCode, sequence: 1 })),
    );
  });

  test('asking again for one code for everyone answers the same redemption, whatever the offer allows: one row, one event', async () => {
    const offer = await createOffer(offers, { maxRedemptionsPerStudent: 3 });
    const student = randomUUID();
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await redeem(offer.id, activeStudent(student))).body);
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    expect(await redemptions(offer.id)).toEqual([{ user_id: student, code: answers[0].code, sequence: 1 }]);
    const [events] = await offers.sql<{ count: string }>(
      "select count(*) from outbox where name = 'offer.redeemed' and payload->>'offerId' = ?",
      [offer.id],
    );
    expect(Number(events.count)).toBe(1);
  });

  test('a redemption keeps the code it gave: a code set on the offer later is for students who had none', async () => {
    const offer = await createOffer(offers, { brandName: 'Changing Brand' });
    const student = randomUUID();
    const first = await redeem(offer.id, activeStudent(student));
    const { generatedCode } = (await api().get(`/admin/offers/${offer.id}`).set(staff())).body;
    await api()
      .put(`/admin/offers/${offer.id}`)
      .set(staff())
      .send(offerForm({ brandName: 'Changing Brand', code: 'LATER-CODE' }))
      .expect(200);
    expect((await redeem(offer.id, activeStudent(student))).body).toEqual({ code: generatedCode });
    expect(first.body).toEqual({ code: generatedCode });
    expect((await redeem(offer.id, activeStudent())).body).toEqual({ code: 'LATER-CODE' });
  });

  test('a referral offer answers its link, and asking again the same redemption', async () => {
    const offer = await createOffer(offers, {
      offerType: 'referral',
      referralLink: 'https://partner.example/students?ref=tullab',
      maxRedemptionsPerStudent: 2,
    });
    const student = randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const res = await redeem(offer.id, activeStudent(student));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ referralLink: 'https://partner.example/students?ref=tullab' });
    }
    expect(await redemptions(offer.id)).toEqual([{ user_id: student, code: null, sequence: 1 }]);
  });

  test('a pool offer gives the same pool code when asked again, without taking another', async () => {
    const offer = await createOffer(offers);
    await importCodes(offer.id, 'ONCE-1\nONCE-2\nONCE-3').expect(200);
    const student = randomUUID();
    expect((await redeem(offer.id, activeStudent(student))).body).toEqual({ code: 'ONCE-1' });
    expect((await redeem(offer.id, activeStudent(student))).body).toEqual({ code: 'ONCE-1' });
    expect(await redemptions(offer.id)).toEqual([{ user_id: student, code: 'ONCE-1', sequence: 1 }]);
    const record = await api().get(`/admin/offers/${offer.id}`).set(staff());
    expect(record.body).toMatchObject({ codesTotal: 3, codesLeft: 2 });
  });

  test('an offer that allows more gives a new pool code each time up to its limit, then the last again', async () => {
    const offer = await createOffer(offers, { maxRedemptionsPerStudent: 2 });
    await importCodes(offer.id, 'MULTI-1\nMULTI-2\nMULTI-3').expect(200);
    const student = randomUUID();
    const codes = [];
    for (let i = 0; i < 3; i += 1) codes.push((await redeem(offer.id, activeStudent(student))).body.code);
    expect(codes).toEqual(['MULTI-1', 'MULTI-2', 'MULTI-2']);
    expect((await redemptions(offer.id)).map((r) => r.sequence)).toEqual([1, 2]);
  });

  test('a student whose pool ran out before their next code gets the code they have, and staff are told', async () => {
    const offer = await createOffer(offers, { brandName: 'Short Pool', maxRedemptionsPerStudent: 2 });
    await importCodes(offer.id, 'SHORT-1').expect(200);
    const student = randomUUID();
    expect((await redeem(offer.id, activeStudent(student))).body).toEqual({ code: 'SHORT-1' });
    const again = await redeem(offer.id, activeStudent(student));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ code: 'SHORT-1' });
    expect(await redemptions(offer.id)).toEqual([{ user_id: student, code: 'SHORT-1', sequence: 1 }]);
    expect(await staffAlerts(/^Out of codes: Short Pool$/)).toHaveLength(1);
    expect((await redeem(offer.id, activeStudent())).status).toBe(409);
  });

  test.each([
    ['one code for everyone', {}, null],
    ['a pool', {}, 'PARALLEL-1\nPARALLEL-2\nPARALLEL-3\nPARALLEL-4'],
    ['a pool that allows more', { maxRedemptionsPerStudent: 3 }, 'MORE-1\nMORE-2\nMORE-3\nMORE-4\nMORE-5'],
  ])(
    "one student's concurrent redeems of %s make redemptions one at a time, each answer a code of them",
    async (_, overrides, pool) => {
      const offer = await createOffer(offers, overrides);
      if (pool) await importCodes(offer.id, pool).expect(200);
      const student = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => redeem(offer.id, activeStudent(student))),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
      const stored = await redemptions(offer.id);
      const max = (overrides as { maxRedemptionsPerStudent?: number }).maxRedemptionsPerStudent ?? 1;
      expect(stored.map((row) => row.sequence)).toEqual(Array.from({ length: max }, (_, i) => i + 1));
      expect(new Set(answers.map((res) => res.body.code))).toEqual(new Set(stored.map((row) => row.code)));
      const [claimed] = await offers.sql<{ count: string }>(
        'select count(*) from offer_code where offer_id = ? and claimed_by is not null',
        [offer.id],
      );
      expect(Number(claimed.count)).toBe(pool ? max : 0);
    },
  );

  test('the 31st redeem within an hour → 429 with Retry-After', async () => {
    const offer = await createOffer(offers, { code: 'RATE-CODE' });
    const student = randomUUID();
    for (let i = 0; i < 30; i += 1) expect((await redeem(offer.id, activeStudent(student))).status).toBe(200);
    const limited = await redeem(offer.id, activeStudent(student));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toBe('Too many redemptions. Please try again later.');
    expect((await redeem(offer.id, activeStudent())).status).toBe(200);
  });
});

describe('leakage', () => {
  test("a code appears in no answer of /offers* except the active student's redeem", async () => {
    const offer = await createOffer(offers, { code: 'LEAK-CHECK-CODE' });
    const callers = [as(null), as('student', { verificationStatus: 'pending' }), activeStudent()];
    for (const caller of callers) {
      for (const res of [
        await api().get('/offers').set(caller),
        await api().get(`/offers/${offer.id}/logo`).set(caller),
        await api().post(`/offers/${offer.id}/copy`).set(caller).send({ studentId: null }),
        await api().post(`/offers/${offer.id}/referral-click`).set(caller).send({ studentId: null }),
      ])
        expect(res.text).not.toContain('LEAK-CHECK-CODE');
    }
    expect((await redeem(offer.id, callers[1])).text).not.toContain('LEAK-CHECK-CODE');
    expect((await redeem(offer.id, callers[2])).body).toEqual({ code: 'LEAK-CHECK-CODE' });
  });

  test("the code made for an offer appears in no answer of /offers* except the active student's redeem", async () => {
    const offer = await createOffer(offers, { brandName: 'Leaky Made' });
    const { generatedCode } = (await api().get(`/admin/offers/${offer.id}`).set(staff())).body;
    expect(generatedCode).toMatch(/^leakymadetullab\d\d$/);
    for (const caller of [as(null), as('student', { verificationStatus: 'pending' }), activeStudent()]) {
      for (const res of [
        await api().get('/offers').set(caller),
        await api().get(`/offers/${offer.id}`).set(caller),
        await redeem(offer.id, as('student', { verificationStatus: 'pending' })),
      ])
        expect(res.text).not.toContain(generatedCode);
    }
    expect((await redeem(offer.id, activeStudent())).body).toEqual({ code: generatedCode });
  });
});

describe('GET /admin/redemptions', () => {
  test('staff list a student’s redemptions with the offer; students get 403', async () => {
    const offer = await createOffer(offers, { code: 'HISTORY-CODE', title: 'History offer' });
    const userId = randomUUID();
    expect((await redeem(offer.id, activeStudent(userId))).status).toBe(200);
    const list = await api()
      .get('/admin/redemptions')
      .query({ filter: JSON.stringify({ userId }) })
      .set(staff());
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('redemptions 0-0/1');
    expect(list.body).toEqual([
      expect.objectContaining({
        offerId: offer.id,
        offerTitle: 'History offer',
        userId,
        code: 'HISTORY-CODE',
      }),
    ]);
    expect((await api().get('/admin/redemptions').set(as('student'))).status).toBe(403);
    expect(
      (await api().get('/admin/redemptions').query({ filter: '{"userId":"x"}' }).set(staff())).status,
    ).toBe(400);
  });
});
