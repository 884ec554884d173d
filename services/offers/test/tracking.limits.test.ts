import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { TRACKING_LIMITS } from '../src/modules/tracking/limits';
import { activeStudent, as, createOffer, randomIp, startOffers, type TestOffers } from './helpers';

let offers: TestOffers;
let offerId: string;

beforeAll(async () => {
  offers = await startOffers();
  offerId = (await createOffer(offers)).id;
});

afterAll(async () => {
  await offers?.close();
});

/** `count` copy calls, 50 at a time, each with the headers `caller(i)` makes; answers their statuses. */
async function copies(count: number, caller: (i: number) => Record<string, string>): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += 50) {
    const calls = Array.from({ length: Math.min(50, count - start) }, (_, j) =>
      request(offers.url)
        .post(`/offers/${offerId}/copy`)
        .set(caller(start + j))
        .send({}),
    );
    statuses.push(...(await Promise.all(calls)).map((res) => res.status));
  }
  return statuses;
}

const copy = (headers: Record<string, string>) =>
  request(offers.url).post(`/offers/${offerId}/copy`).set(headers).send({});

describe('tracking rate limits', () => {
  test('students behind one address (a campus NAT) are not limited together', async () => {
    const campus = randomIp();
    const count = TRACKING_LIMITS.perVisitorAddress + 50;
    expect(await copies(count, () => activeStudent(randomUUID(), campus))).toEqual(Array(count).fill(202));
  }, 60_000);

  test(`a signed-in user's call #${TRACKING_LIMITS.perUser + 1} within a minute → 429, from whatever address`, async () => {
    const student = randomUUID();
    const statuses = await copies(TRACKING_LIMITS.perUser, () =>
      as('student', { userId: student, ip: randomIp() }),
    );
    expect(statuses).toEqual(Array(TRACKING_LIMITS.perUser).fill(202));
    const limited = await copy(as('student', { userId: student, ip: randomIp() }));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too many requests. Please slow down.', code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await copy(activeStudent())).status).toBe(202);
  }, 60_000);

  test(`a visitor address's call #${TRACKING_LIMITS.perVisitorAddress + 1} within a minute → 429; signed-in students there are not limited`, async () => {
    const address = randomIp();
    const statuses = await copies(TRACKING_LIMITS.perVisitorAddress, () => as(null, { ip: address }));
    expect(statuses).toEqual(Array(TRACKING_LIMITS.perVisitorAddress).fill(202));
    const limited = await copy(as(null, { ip: address }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await copy(activeStudent(randomUUID(), address))).status).toBe(202);
    expect((await copy(as(null))).status).toBe(202);
  }, 60_000);
});
