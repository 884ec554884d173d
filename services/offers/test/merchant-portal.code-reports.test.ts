import { startedForTests } from '@tullab/testing';
import { startOffers } from './helpers';
import { merchantPortal } from './merchant-portal.fixture';

const offers = startedForTests(startOffers);
const { api, newBrand, brandOffer, importAsStaff, auditOf, reported } = merchantPortal(offers);

describe('GET /merchant/code-reports and POST /merchant/code-reports/:id/answer', () => {
  test('the brand’s reports without the student; answered as staff would, by the merchant, once', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand, { title: 'Reported', code: 'REP-1' });
    const { userId, reportId } = await reported(offer.id, 'ar');
    const list = await api().get('/merchant/code-reports').query({ status: 'open' }).set(brand.as());
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: reportId,
        offerId: offer.id,
        offerTitle: 'Reported',
        reason: 'code-rejected',
        text: 'The till said no',
        code: 'REP-1',
        status: 'open',
        outcome: null,
        answer: null,
        createdAt: expect.any(String),
        decidedAt: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(new RegExp(`${userId}|student\\.test|Omar`));
    expect(
      (await api().get('/merchant/code-reports').query({ status: 'x' }).set(brand.as())).body.errors,
    ).toHaveProperty('status');
    const empty = await api().post(`/merchant/code-reports/${reportId}/answer`).set(brand.as()).send({});
    expect(empty.body.errors).toHaveProperty('message');

    const res = await api()
      .post(`/merchant/code-reports/${reportId}/answer`)
      .set(brand.as())
      .send({ message: 'Please try again at the till.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: reportId,
      status: 'answered',
      outcome: 'answered',
      answer: 'Please try again at the till.',
    });
    expect(await auditOf(reportId)).toEqual([{ action: 'decide-answered', actor_role: 'merchant' }]);
    const [mail] = await offers.mails(`${userId}@student.test`);
    expect(mail.payload).toMatchObject({ template: 'code-report-answered', language: 'ar' });
    expect(mail.payload.data).toMatchObject({
      outcome: 'answered',
      message: 'Please try again at the till.',
    });
    const again = await api()
      .post(`/merchant/code-reports/${reportId}/answer`)
      .set(brand.as())
      .send({ message: 'Again' });
    expect(again.status).toBe(409);
    expect(
      (await api().get('/merchant/code-reports').query({ status: 'open' }).set(brand.as())).body,
    ).toEqual([]);
  });

  test('fresh-code hands the student the next code of the pool', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    await importAsStaff(offer.id, 'F-1\nF-2\nF-3\nF-4\nF-5\nF-6\nF-7');
    const { userId, reportId } = await reported(offer.id);
    const res = await api()
      .post(`/merchant/code-reports/${reportId}/answer`)
      .set(brand.as())
      .send({ outcome: 'fresh-code', message: 'Here is a new one.' });
    expect(res.body).toMatchObject({ status: 'answered', outcome: 'fresh-code' });
    expect(
      await offers.sql('select code from redemption where offer_id = ? and user_id = ? order by sequence', [
        offer.id,
        userId,
      ]),
    ).toEqual([{ code: 'F-1' }, { code: 'F-2' }]);
  });
});
