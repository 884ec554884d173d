import request from 'supertest';
import { startS3Server, type S3Server } from '@tullab/testing';
import { PNG, SUPPORT_EMAIL, as, createOffer, staff, startOffers, type TestOffers } from './helpers';

let store: S3Server;
let offers: TestOffers;
const api = () => request(offers.url);

beforeAll(async () => {
  // a store of this file's own, which the test stops
  store = await startS3Server();
  offers = await startOffers({ S3_ENDPOINT: store.endpoint });
});

afterAll(async () => {
  await offers?.close();
});

describe('when object storage is down', () => {
  test('uploads answer 503 and store no row; readiness says so', async () => {
    const offer = await createOffer(offers);
    await store.close();

    const application = await api()
      .post('/merchant-applications')
      .set(as(null))
      .field('brandName', 'Outage Brand')
      .field('brandCategory', 'other')
      .field('businessDescription', 'A brand that applies during an outage.')
      .field('offerType', 'discount')
      .field('discountCode', 'OUTAGE10')
      .field('discountValue', '10')
      .field('discountRedemptionGuide', JSON.stringify([{ id: '1', step: 1, instruction: 'Use the code' }]))
      .field('termsAndConditions', 'Students only, once each.')
      .field('contactEmail', 'outage@brand.example')
      .field('contactName', 'Omar')
      .attach('logoFile', PNG, 'logo.png');
    expect(application.status).toBe(503);
    expect(application.body).toEqual({
      message: 'Logo storage is unavailable, please try again later',
      code: 'unavailable',
    });
    expect(await offers.sql('select id from merchant_application')).toEqual([]);
    expect(await offers.mails('outage@brand.example')).toEqual([]);
    expect(await offers.mails(SUPPORT_EMAIL)).toEqual([]);

    const logo = await api()
      .post(`/admin/offers/${offer.id}/logo`)
      .set(staff())
      .attach('logoFile', PNG, 'a.png');
    expect(logo.status).toBe(503);
    const [row] = await offers.sql<{ logo_key: string | null }>('select logo_key from offer where id = ?', [
      offer.id,
    ]);
    expect(row.logo_key).toBeNull();

    const ready = await api().get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.objectStorage).toMatch(/^down: /);
  }, 30_000);
});
