import { startedForTests } from '@tullab/testing';
import { SUPPORT_EMAIL, activeStudent, createOffer, staff, startOffers } from './helpers';
import { redemptionCalls } from './redemptions.fixture';

const offers = startedForTests(startOffers);
const { api, redeem, importCodes, redemptions, staffAlerts } = redemptionCalls(offers);

describe('code pools', () => {
  test('20 concurrent redeems by 20 students get 20 different codes of the pool', async () => {
    const offer = await createOffer(offers, { code: 'NEVER-USED' });
    const pool = Array.from({ length: 20 }, (_, i) => `POOL-${String(i).padStart(2, '0')}`);
    const imported = await importCodes(offer.id, `code\n${pool.join('\n')}\n`);
    expect(imported.body).toEqual({
      added: 20,
      duplicates: 0,
      codesTotal: 20,
      codesLeft: 20,
      lowPool: false,
    });
    const answers = await Promise.all(pool.map(() => redeem(offer.id, activeStudent())));
    expect(answers.map((res) => res.status)).toEqual(pool.map(() => 200));
    const codes = answers.map((res) => res.body.code);
    expect(new Set(codes).size).toBe(20);
    expect([...codes].sort()).toEqual(pool);
    const [left] = await offers.sql<{ count: string }>(
      'select count(*) from offer_code where offer_id = ? and claimed_by is null',
      [offer.id],
    );
    expect(Number(left.count)).toBe(0);
  });

  test('when more students than codes redeem at once, the rest get 409 and staff are alerted once', async () => {
    const offer = await createOffer(offers, { brandName: 'Scarce Brand' });
    await importCodes(offer.id, 'SCARCE-1\nSCARCE-2\nSCARCE-3\nSCARCE-4\nSCARCE-5').expect(200);
    const answers = await Promise.all(Array.from({ length: 12 }, () => redeem(offer.id, activeStudent())));
    const given = answers.filter((res) => res.status === 200).map((res) => res.body.code);
    expect(given.sort()).toEqual(['SCARCE-1', 'SCARCE-2', 'SCARCE-3', 'SCARCE-4', 'SCARCE-5']);
    const refused = answers.filter((res) => res.status === 409);
    expect(refused).toHaveLength(7);
    expect(refused[0].body).toEqual({
      message: 'Sorry, this offer has run out of codes. Please check back soon.',
      code: 'pool_exhausted',
    });
    const alerts = await staffAlerts(/^Out of codes: Scarce Brand$/);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].payload).toMatchObject({
      to: SUPPORT_EMAIL,
      template: 'staff-alert',
      data: { actionPath: `/admin#/offers/${offer.id}/show` },
    });
    expect((await redemptions(offer.id)).length).toBe(5);

    // new codes: redeeming works again, and the next exhaustion alerts again
    const more = await importCodes(offer.id, 'SCARCE-6');
    expect(more.body).toMatchObject({ added: 1, codesTotal: 6, codesLeft: 1, lowPool: true });
    expect((await redeem(offer.id, activeStudent())).body).toEqual({ code: 'SCARCE-6' });
    expect((await redeem(offer.id, activeStudent())).status).toBe(409);
    expect(await staffAlerts(/^Out of codes: Scarce Brand$/)).toHaveLength(2);
  });

  test('staff hear once when a pool runs low', async () => {
    const offer = await createOffer(offers, { brandName: 'Lowish Brand' });
    const pool = Array.from({ length: 8 }, (_, i) => `LOW-${i}`).join('\n');
    await importCodes(offer.id, pool).expect(200);
    for (let i = 0; i < 2; i += 1) await redeem(offer.id, activeStudent()).expect(200);
    expect(await staffAlerts(/^Codes running low: Lowish Brand$/)).toHaveLength(0);
    for (let i = 0; i < 3; i += 1) await redeem(offer.id, activeStudent()).expect(200);
    const alerts = await staffAlerts(/^Codes running low: Lowish Brand$/);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].payload.data.message).toContain('has 5 of 8 codes left');
    const record = await api().get(`/admin/offers/${offer.id}`).set(staff());
    expect(record.body).toMatchObject({ codesTotal: 8, codesLeft: 3, lowPool: true });
  });
});
