import request from 'supertest';
import { getPostgresUrl } from '@tullab/testing';
import {
  activeStudent,
  createOffer,
  startOffers,
  startTcpProxy,
  type TcpProxy,
  type TestOffers,
} from './helpers';

let postgres: TcpProxy;
let offers: TestOffers;

beforeAll(async () => {
  postgres = await startTcpProxy(await getPostgresUrl());
  offers = await startOffers({ DATABASE_URL: postgres.url });
});

afterAll(async () => {
  await postgres?.restore();
  await offers?.close();
  await postgres?.cut();
});

describe('when PostgreSQL is down', () => {
  test('a tracking call answers 503, never 202, and works again once it is back', async () => {
    const offer = await createOffer(offers);
    const copy = () => request(offers.url).post(`/offers/${offer.id}/copy`).set(activeStudent()).send({});
    await postgres.cut();
    const started = Date.now();
    const res = await copy();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      message: 'Tracking is unavailable right now. Please try again later.',
      code: 'unavailable',
    });
    expect(Date.now() - started).toBeLessThan(5000);

    await postgres.restore();
    expect((await copy()).status).toBe(202);
    expect(await offers.tracked(offer.id)).toHaveLength(1);
  }, 30_000);
});
