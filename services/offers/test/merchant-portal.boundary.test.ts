import { randomUUID } from 'node:crypto';
import { createEnvelope } from '@tullab/events';
import { signIdentity } from '@tullab/http';
import { startedForTests } from '@tullab/testing';
import { INTERNAL_SECRET, activeStudent, as, createOffer, randomIp, staff, startOffers } from './helpers';
import { merchantPortal } from './merchant-portal.fixture';

const offers = startedForTests(startOffers);
const { api, newBrand, brandOffer, importAsStaff, redeem, upload, reported } = merchantPortal(offers);

describe('the boundary between brands (decision 016)', () => {
  test('a merchant of A never reaches B: 404 for B’s ids, B never in A’s answers; others 403, visitors 401', async () => {
    const [a, b] = [await newBrand('Brand A'), await newBrand('Brand B')];
    const offerA = await brandOffer(a, { title: 'Offer of A', code: 'A-CODE' });
    const offerB = await brandOffer(b, { title: 'Offer of B', code: 'B-CODE' });
    const staffOffer = await createOffer(offers, { title: 'No brand' });
    await importAsStaff(offerB.id, 'B-1\nB-2\nB-3\nB-4\nB-5\nB-6\nB-7');
    const reportB = await reported(offerB.id);
    const reportA = await reported(offerA.id);
    const student = randomUUID();
    await offers.deliver(
      createEnvelope('verification.status_changed', {
        userId: student,
        status: 'active',
        changedAt: new Date().toISOString(),
        institutionName: 'Only B University',
      }),
    );
    await redeem(offerB.id, student);
    await offers.drained();

    const unknownOffer = await api().get(`/merchant/offers/${randomUUID()}`).set(a.as());
    expect(unknownOffer.body).toEqual({ message: 'Offer not found', code: 'not_found' });
    for (const id of [offerB.id, staffOffer.id]) {
      const calls = [
        api().get(`/merchant/offers/${id}`),
        api().post(`/merchant/offers/${id}/pause`),
        api().get('/merchant/funnel').query({ offerId: id }),
        api().get('/merchant/funnel.csv').query({ offerId: id }),
        api().get('/merchant/institutions').query({ offerId: id }),
      ];
      for (const call of calls) {
        const res = await call.set(a.as());
        expect([res.status, res.body]).toEqual([404, unknownOffer.body]);
      }
      for (const path of ['pool', 'pool/preview']) {
        const res = await upload(`/merchant/offers/${id}/${path}`, a.as(), 'SNEAKY-1');
        expect([res.status, res.body]).toEqual([404, unknownOffer.body]);
      }
    }
    const unknownReport = await api()
      .post(`/merchant/code-reports/${randomUUID()}/answer`)
      .set(a.as())
      .send({ message: 'Not yours' });
    const otherReport = await api()
      .post(`/merchant/code-reports/${reportB.reportId}/answer`)
      .set(a.as())
      .send({ message: 'Not yours' });
    expect([otherReport.status, otherReport.body]).toEqual([404, unknownReport.body]);
    expect(unknownReport.body).toEqual({ message: 'Report not found', code: 'not_found' });
    expect(await offers.sql('select status from code_report where id = ?', [reportB.reportId])).toEqual([
      { status: 'open' },
    ]);
    expect(
      await offers.sql('select count(*)::int as n from offer_code where offer_id = ?', [offerB.id]),
    ).toEqual([{ n: 7 }]);
    expect(await offers.sql('select status from offer where id = ?', [offerB.id])).toEqual([
      { status: 'live' },
    ]);

    const seen = [
      await api().get('/merchant/brand').set(a.as()),
      await api().get('/merchant/offers').set(a.as()),
      await api().get('/merchant/code-reports').set(a.as()),
      await api().get('/merchant/funnel').set(a.as()),
      await api().get('/merchant/funnel.csv').set(a.as()),
      await api().get('/merchant/institutions').set(a.as()),
    ];
    for (const res of seen) expect(res.status).toBe(200);
    const text = seen.map((res) => res.text).join('\n');
    for (const leak of [b.id, offerB.id, 'Offer of B', 'Brand B', reportB.reportId, staffOffer.id, 'Only B'])
      expect(text).not.toContain(leak);
    expect(seen[2].body.map((r: { id: string }) => r.id)).toEqual([reportA.reportId]);
    expect(seen[3].body.totals).toMatchObject({ reveals: 1, redemptions: 1 });
    expect(seen[5].body).toMatchObject({ institutions: [], others: 0 });

    const routes: Array<[string, string]> = [
      ['get', '/merchant/brand'],
      ['get', '/merchant/offers'],
      ['get', `/merchant/offers/${offerA.id}`],
      ['post', `/merchant/offers/${offerA.id}/pause`],
      ['post', `/merchant/offers/${offerA.id}/pool/preview`],
      ['post', `/merchant/offers/${offerA.id}/pool`],
      ['get', '/merchant/funnel'],
      ['get', '/merchant/funnel.csv'],
      ['get', '/merchant/institutions'],
      ['get', '/merchant/code-reports'],
      ['post', `/merchant/code-reports/${reportA.reportId}/answer`],
    ];
    const merchantWithoutBrand = signIdentity(
      {
        userId: randomUUID(),
        role: 'merchant',
        verificationStatus: 'none',
        sessionId: randomUUID(),
        ip: randomIp(),
      },
      INTERNAL_SECRET,
      'offers',
    );
    for (const [method, path] of routes)
      for (const [caller, status] of [
        [activeStudent(), 403],
        [staff(), 403],
        [as('admin'), 403],
        [merchantWithoutBrand, 403],
        [as(null), 401],
      ] as const) {
        const call = method === 'get' ? api().get(path) : api().post(path);
        expect([method, path, (await call.set(caller).send({})).status]).toEqual([method, path, status]);
      }
    expect((await api().get(`/merchant/offers/${offerA.id}`).set(a.as())).body.status).toBe('live');
  });
});
