import request from 'supertest';
import { staff, type TestOffers } from './helpers';

/** The staff's figures of an offer, a row a day, from the offers the file started. */
export const offerStats = (offers: TestOffers) => async (offerId: string) =>
  (await request(offers.url).get(`/admin/offers/${offerId}/stats`).set(staff())).body as Array<
    Record<string, unknown>
  >;

/** A day's counts with every counter at 0 but those given. */
export const day = (counts: Record<string, number | string>) => ({
  viewsStudents: 0,
  viewsVisitors: 0,
  viewsCalls: 0,
  linkCopiesStudents: 0,
  linkCopiesVisitors: 0,
  linkCopiesCalls: 0,
  codeCopiesStudents: 0,
  codeCopiesVisitors: 0,
  codeCopiesCalls: 0,
  referralClicksStudents: 0,
  referralClicksVisitors: 0,
  referralClicksCalls: 0,
  redemptions: 0,
  ...counts,
});
