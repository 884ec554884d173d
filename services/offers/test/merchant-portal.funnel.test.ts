import { randomUUID } from 'node:crypto';
import { createEnvelope } from '@tullab/events';
import { startedForTests } from '@tullab/testing';
import { activeStudent, as, startOffers, uaeDay } from './helpers';
import { merchantPortal } from './merchant-portal.fixture';

const offers = startedForTests(startOffers);
const { api, newBrand, brandOffer, redeem } = merchantPortal(offers);

describe('GET /merchant/funnel and /merchant/funnel.csv', () => {
  test('what the worker counted, per day with zeros, one offer or the brand summed; the CSV the same', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand, { code: 'FUNNEL' });
    const other = await brandOffer(brand, { title: 'Other' });
    const [first, second] = [randomUUID(), randomUUID()];
    const view = (caller: Record<string, string>, offerId = offer.id) =>
      api()
        .post('/analytics')
        .set(caller)
        .send({ eventType: 'offer_click', offerId, metadata: '{}' })
        .expect(202);
    await view(activeStudent(first));
    await view(activeStudent(first));
    await view(as(null));
    await api().post(`/offers/${offer.id}/copy`).set(activeStudent(first)).send({}).expect(202);
    await redeem(offer.id, first);
    await redeem(offer.id, second); // only redeems: still one of the day's students
    await view(activeStudent(second), other.id);
    // yesterday: a student who copied the code of the other offer
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const batch = createEnvelope('offer.activity_recorded', {
      events: [
        {
          id: randomUUID(),
          kind: 'code_copied',
          offerId: other.id,
          userId: first,
          active: true,
          visitor: null,
          occurredAt: yesterday,
        },
      ],
    });
    expect((await offers.deliver(batch)).returnvalue).toBe('done');
    await offers.drained();

    const today = uaeDay();
    const one = await api().get('/merchant/funnel').query({ offerId: offer.id }).set(brand.as());
    expect(one.status).toBe(200);
    expect(one.body.days).toHaveLength(30);
    expect(one.body).toMatchObject({ to: today, from: uaeDay(-29), offerId: offer.id });
    expect(one.body.days.at(-1)).toEqual({
      day: today,
      views: 2,
      reveals: 2,
      codeCopies: 1,
      referralClicks: 0,
      redemptions: 2,
      students: 2,
      orders: 0,
      revenue: 0,
    });
    expect(one.body.days[0]).toEqual({
      day: uaeDay(-29),
      views: 0,
      reveals: 0,
      codeCopies: 0,
      referralClicks: 0,
      redemptions: 0,
      students: 0,
      orders: 0,
      revenue: 0,
    });
    expect(one.body.totals).toEqual({
      views: 2,
      reveals: 2,
      codeCopies: 1,
      referralClicks: 0,
      redemptions: 2,
      orders: 0,
      revenue: 0,
    });

    const all = await api()
      .get('/merchant/funnel')
      .query({ from: uaeDay(-1), to: today })
      .set(brand.as());
    expect(all.body.offerId).toBeNull();
    expect(all.body.days).toEqual([
      {
        day: uaeDay(-1),
        views: 0,
        reveals: 0,
        codeCopies: 1,
        referralClicks: 0,
        redemptions: 0,
        students: 1,
        orders: 0,
        revenue: 0,
      },
      {
        day: today,
        views: 3,
        reveals: 2,
        codeCopies: 1,
        referralClicks: 0,
        redemptions: 2,
        students: 3,
        orders: 0,
        revenue: 0,
      },
    ]);

    const csv = await api()
      .get('/merchant/funnel.csv')
      .query({ from: uaeDay(-1), to: today })
      .set(brand.as());
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="tullab-funnel-${uaeDay(-1)}-${today}.csv"`,
    );
    expect(csv.text.split('\r\n')).toEqual([
      'day,views,reveals,code_copies,referral_clicks,redemptions,students,orders,revenue_aed',
      `${uaeDay(-1)},0,0,1,0,0,1,0,0.00`,
      `${today},3,2,1,0,2,3,0,0.00`,
      '',
    ]);
  });

  test('from after to, a range over 366 days or a bad date → 400 naming the field', async () => {
    const brand = await newBrand();
    for (const path of ['/merchant/funnel', '/merchant/funnel.csv']) {
      const backwards = await api().get(path).query({ from: '2026-11-10', to: '2026-11-01' }).set(brand.as());
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors).toHaveProperty('from');
      const long = await api().get(path).query({ from: '2025-01-01', to: '2026-11-01' }).set(brand.as());
      expect(long.status).toBe(400);
      expect(long.body.message).toBe('The range may span at most 366 days');
      const bad = await api().get(path).query({ to: '2026-02-30' }).set(brand.as());
      expect(bad.body).toMatchObject({
        code: 'validation_failed',
        errors: { to: 'to must be a date (YYYY-MM-DD)' },
      });
      const offerId = await api().get(path).query({ offerId: 'nope' }).set(brand.as());
      expect(offerId.body.errors).toHaveProperty('offerId');
    }
    const leap = await api()
      .get('/merchant/funnel')
      .query({ from: '2024-01-01', to: '2024-12-31' })
      .set(brand.as());
    expect(leap.body.days).toHaveLength(366);
  });
});
