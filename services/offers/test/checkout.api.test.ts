import { createHash, randomUUID } from 'node:crypto';
import { createEnvelope, REDEMPTION_TOKEN_TTL_MS, sealRedemptionToken } from '@tullab/events';
import { signIdentity } from '@tullab/http';
import { startedForTests } from '@tullab/testing';
import { activeStudent, INTERNAL_SECRET, randomIp, startOffers, uaeDay } from './helpers';
import { merchantPortal } from './merchant-portal.fixture';

const offers = startedForTests(startOffers);
const { api, newBrand, brandOffer } = merchantPortal(offers);

type Brand = Awaited<ReturnType<typeof newBrand>>;

/** A stand-in for the pairwise subject identity computes (an HMAC per app and student): 64 hex characters. */
const subjectOf = (studentId: string) => createHash('sha256').update(studentId).digest('hex');

/** A brand app as the gateway signs a brand's server after checking its credentials (issue 30). */
function appOf(brand: Brand, mode: 'test' | 'live' = 'live', appId = randomUUID()) {
  const headers = signIdentity(
    {
      userId: null,
      role: null,
      verificationStatus: 'none',
      sessionId: null,
      ip: randomIp(),
      brandId: brand.id,
      app: { id: appId, mode },
    },
    INTERNAL_SECRET,
    'offers',
  );
  /** a token this app's checkout got for a student, as identity seals it, with the subject the app knows them by */
  const token = (offerId: string, studentId = randomUUID(), now = Date.now()) =>
    sealRedemptionToken(
      INTERNAL_SECRET,
      { brandId: brand.id, appId, mode, offerId, studentId, subject: subjectOf(studentId) },
      now,
    );
  const redeem = (token: string, key?: string) => {
    const call = api().post('/connect/redemptions').set(headers);
    return (key ? call.set('Idempotency-Key', key) : call).send({ token });
  };
  const order = (body: Record<string, unknown>) =>
    api()
      .post('/connect/orders')
      .set(headers)
      .send({ currency: 'AED', ...body });
  return { appId, headers, token, redeem, order };
}

describe('POST /connect/redemptions (issue 30 point 3)', () => {
  test('a token is redeemed once: again is 409 redemption_used; the same Idempotency-Key answers it again', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    const app = appOf(brand);
    const token = app.token(offer.id);

    const first = await app.redeem(token, 'order-1001');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      offerId: offer.id,
      mode: 'live',
      redeemedAt: expect.any(String),
    });
    const retried = await app.redeem(token, 'order-1001');
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(first.body);

    const replayed = await app.redeem(token);
    expect(replayed.status).toBe(409);
    expect(replayed.body.code).toBe('redemption_used');
    const otherKey = await app.redeem(token, 'order-1002');
    expect(otherKey.body.code).toBe('redemption_used');

    const reused = await app.redeem(app.token(offer.id), 'order-1001');
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('idempotency_key_reused');
    const rows = await offers.sql('select id from checkout_redemption where offer_id = ?', [offer.id]);
    expect(rows).toHaveLength(1);
  });

  test("every redemption, live or test, is announced as connect.redeemed for the brand's webhooks, naming the student by the app's subject only", async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    const live = appOf(brand, 'live');
    const test = appOf(brand, 'test');
    const student = randomUUID();
    const redeemed = (await live.redeem(live.token(offer.id, student))).body;
    const trial = (await test.redeem(test.token(offer.id, student))).body;
    // a refused one announces nothing
    expect((await live.redeem(live.token(offer.id, student, 0))).status).toBe(410);

    const announced = await offers.sql<{ payload: Record<string, unknown>; request_id: string | null }>(
      "select payload, request_id from outbox where name = 'connect.redeemed' and payload->>'brandId' = ? order by occurred_at",
      [brand.id],
    );
    const announcement = (
      app: typeof live,
      mode: string,
      redemption: { id: string; redeemedAt: string },
    ) => ({
      appId: app.appId,
      brandId: brand.id,
      mode,
      subject: subjectOf(student),
      redemptionId: redemption.id,
      offerId: offer.id,
      redeemedAt: redemption.redeemedAt,
    });
    expect(announced.map((row) => row.payload)).toEqual([
      announcement(live, 'live', redeemed),
      announcement(test, 'test', trial),
    ]);
    expect(JSON.stringify(announced)).not.toContain(student);
  });

  test("an expired, forged, altered or another brand's or app's token is refused with its own code", async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    const app = appOf(brand);

    const old = app.token(offer.id, randomUUID(), Date.now() - REDEMPTION_TOKEN_TTL_MS - 1000);
    expect((await app.redeem(old)).body).toMatchObject({ code: 'redemption_expired' });
    expect((await app.redeem(old)).status).toBe(410);

    const forged = await app.redeem('bm90LWEtdG9rZW4');
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('redemption_invalid');
    const token = app.token(offer.id);
    const altered = await app.redeem(
      `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`,
    );
    expect(altered.body.code).toBe('redemption_invalid');

    const rival = appOf(await newBrand('Rival'));
    const stolen = await rival.redeem(token);
    expect(stolen.status).toBe(403);
    expect(stolen.body.code).toBe('redemption_other_brand');
    const sibling = appOf(brand, 'test');
    expect((await sibling.redeem(token)).body.code).toBe('redemption_other_brand');
    // none of the refusals used it up
    expect((await app.redeem(token)).status).toBe(201);
  });

  test("a token for an offer that is not the brand's is 404; no app is 401 with the Basic challenge", async () => {
    const brand = await newBrand();
    const app = appOf(brand);
    const notTheirs = await brandOffer(await newBrand('Someone else'));
    expect((await app.redeem(app.token(notTheirs.id))).status).toBe(404);

    const anonymous = await api()
      .post('/connect/redemptions')
      .set(
        signIdentity(
          { userId: null, role: null, verificationStatus: 'none', sessionId: null, ip: randomIp() },
          INTERNAL_SECRET,
          'offers',
        ),
      )
      .send({ token: 'x' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Basic realm="Tullab", charset="UTF-8"');

    const badKey = await app.redeem(app.token(notTheirs.id), 'spaces are not allowed');
    expect(badKey.status).toBe(400);
    expect(badKey.body.errors).toHaveProperty('Idempotency-Key');
    expect((await app.redeem('')).body.errors).toHaveProperty('token');
  });
});

describe('POST /connect/orders and the funnel (issue 30 point 4)', () => {
  test("a live app's redemptions and orders are in the funnel and its CSV; a test app's are not", async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    const live = appOf(brand, 'live');
    const test = appOf(brand, 'test');

    const one = (await live.redeem(live.token(offer.id))).body.id as string;
    const two = (await live.redeem(live.token(offer.id))).body.id as string;
    const trial = (await test.redeem(test.token(offer.id))).body.id as string;

    const reported = await live.order({ redemptionId: one, reference: 'SO-1', amount: 249.5 });
    expect(reported.status).toBe(201);
    expect(reported.body).toEqual({
      id: expect.any(String),
      redemptionId: one,
      reference: 'SO-1',
      amount: 249.5,
      currency: 'AED',
      reportedAt: expect.any(String),
    });
    const again = await live.order({ redemptionId: one, reference: 'SO-1', amount: 249.5 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(reported.body);
    expect((await live.order({ redemptionId: two, reference: 'SO-2', amount: 0.1 })).status).toBe(201);
    expect((await test.order({ redemptionId: trial, reference: 'SO-1', amount: 99 })).status).toBe(201);

    await offers.drained();
    const today = uaeDay();
    const funnel = await api()
      .get('/merchant/funnel')
      .query({ offerId: offer.id, from: today, to: today })
      .set(brand.as());
    expect(funnel.body.days).toEqual([
      expect.objectContaining({ day: today, redemptions: 2, orders: 2, revenue: 249.6 }),
    ]);
    expect(funnel.body.totals).toMatchObject({ redemptions: 2, orders: 2, revenue: 249.6 });
    const csv = await api()
      .get('/merchant/funnel.csv')
      .query({ offerId: offer.id, from: today, to: today })
      .set(brand.as());
    expect(csv.text.split('\r\n')[1]).toMatch(/,2,\d+,2,249\.60$/);

    // the test funnel: only what test apps' checkouts redeemed and reported
    const testFunnel = await api()
      .get('/merchant/funnel')
      .query({ offerId: offer.id, from: today, to: today, mode: 'test' })
      .set(brand.as());
    expect(testFunnel.body).toMatchObject({ mode: 'test' });
    expect(testFunnel.body.days).toEqual([
      {
        day: today,
        views: 0,
        reveals: 0,
        codeCopies: 0,
        referralClicks: 0,
        redemptions: 1,
        students: 0,
        orders: 1,
        revenue: 99,
      },
    ]);
    const trialCsv = await api()
      .get('/merchant/funnel.csv')
      .query({ offerId: offer.id, from: today, to: today, mode: 'test' })
      .set(brand.as());
    expect(trialCsv.headers['content-disposition']).toBe(
      `attachment; filename="tullab-funnel-test-${today}-${today}.csv"`,
    );
    expect(trialCsv.text.split('\r\n')[1]).toBe(`${today},0,0,0,0,1,0,1,99.00`);
    const wrong = await api().get('/merchant/funnel').query({ mode: 'both' }).set(brand.as());
    expect(wrong.body.errors).toEqual({ mode: 'mode is live or test' });
  });

  test('one order per redemption and one redemption per reference: anything else is 409 order_conflict', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    const app = appOf(brand);
    const first = (await app.redeem(app.token(offer.id))).body.id as string;
    const second = (await app.redeem(app.token(offer.id))).body.id as string;
    await app.order({ redemptionId: first, reference: 'A-1', amount: 10 }).expect(201);

    const changed = await app.order({ redemptionId: first, reference: 'A-1', amount: 11 });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('order_conflict');
    expect((await app.order({ redemptionId: first, reference: 'A-2', amount: 10 })).body.code).toBe(
      'order_conflict',
    );
    expect((await app.order({ redemptionId: second, reference: 'A-1', amount: 10 })).body.code).toBe(
      'order_conflict',
    );
    // another app's redemption, or none, is not found
    const other = appOf(brand);
    expect((await other.order({ redemptionId: second, reference: 'B-1', amount: 10 })).status).toBe(404);
    expect((await app.order({ redemptionId: randomUUID(), reference: 'B-1', amount: 10 })).status).toBe(404);
  });

  test('the amount is AED with at most two decimals, above zero; the currency is AED', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    const app = appOf(brand);
    const redemptionId = (await app.redeem(app.token(offer.id))).body.id as string;
    for (const amount of [0, -5, 1.005, 1_000_000.01, '10'])
      expect((await app.order({ redemptionId, reference: 'C-1', amount })).body.errors).toHaveProperty(
        'amount',
      );
    const usd = await app.order({ redemptionId, reference: 'C-1', amount: 10, currency: 'USD' });
    expect(usd.body.errors).toEqual({ currency: 'The currency is AED' });
  });
});

describe("a student's data (decision 009)", () => {
  test('a checkout redemption is in their export and, once they are erased, no longer tied to them', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    const app = appOf(brand);
    const student = randomUUID();
    const redemptionId = (await app.redeem(app.token(offer.id, student))).body.id as string;
    await app.order({ redemptionId, reference: 'D-1', amount: 20 }).expect(201);
    const exported = await api()
      .post('/internal/personal-data')
      .set(activeStudent(student))
      .send({ userId: student });
    expect(exported.body.data.checkoutRedemptions).toEqual([
      expect.objectContaining({ id: redemptionId, offerId: offer.id, mode: 'live', orderReference: 'D-1' }),
    ]);

    const deleted = createEnvelope('account.deleted', {
      userId: student,
      emails: [`${student}@student.test`],
      deletedAt: new Date().toISOString(),
      actor: { userId: student, role: 'student' },
    });
    expect((await offers.deliver(deleted)).returnvalue).toBe('done');
    const kept = await offers.sql<{ student_id: string }>(
      'select student_id from checkout_redemption where id = ?',
      [redemptionId],
    );
    expect(kept[0]!.student_id).not.toBe(student);
    expect(await offers.sql('select id from checkout_redemption where student_id = ?', [student])).toEqual(
      [],
    );
  });
});
