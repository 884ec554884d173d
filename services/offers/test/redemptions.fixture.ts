import request from 'supertest';
import { SUPPORT_EMAIL, staff, type TestOffers } from './helpers';

/**
 * How the redemptions' tests redeem, fill pools and read what was stored and alerted, on the offers their file
 * started (read when a helper is called, so `offers` may still be filling in while the file loads).
 */
export function redemptionCalls(offers: TestOffers) {
  const api = () => request(offers.url);
  return {
    api,
    redeem: (offerId: string, caller: Record<string, string>) =>
      api().post(`/offers/${offerId}/redeem`).set(caller),
    importCodes: (offerId: string, csv: string) =>
      api().post(`/admin/offers/${offerId}/codes`).set(staff()).send({ csv }),
    redemptions: (offerId: string) =>
      offers.sql<{ user_id: string; code: string | null; sequence: number }>(
        'select user_id, code, sequence from redemption where offer_id = ? order by created_at, sequence',
        [offerId],
      ),
    staffAlerts: async (title: RegExp) =>
      (await offers.mails(SUPPORT_EMAIL)).filter((mail) => title.test(mail.payload.data.title)),
  };
}
