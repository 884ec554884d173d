import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { PNG, createOffer, staff, type TestOffers } from './helpers';

export const MINE = '/merchant/offer-proposals';
export const ADMIN = '/admin/offer-proposals';

/** The proposal form as the merchant portal sends it: multipart text fields, the guide as JSON. */
export const proposal = (overrides: Record<string, string> = {}) => ({
  title: '25% off for students',
  description: 'Everything in store, online too.',
  businessCategory: 'fashion',
  offerType: 'discount',
  discountType: 'percentage',
  discountValue: '25',
  code: 'STUDENT25',
  discountRedemptionGuide: JSON.stringify([{ instruction: 'Copy the code' }, { instruction: 'Pay' }]),
  termsAndConditions: 'Verified students only, one use each.',
  ...overrides,
});

/**
 * What the offer proposals' tests make brands and proposals with and decide them by, on the offers their file
 * started (read when a helper is called, so `offers` may still be filling in while the file loads).
 */
export function offerProposals(offers: TestOffers) {
  const api = () => request(offers.url);

  /** A brand as an approved application leaves it, with its contact. */
  async function brand(name: string, language = 'en') {
    const id = randomUUID();
    const contactEmail = `contact-${id}@brand.test`;
    await offers.sql(
      `insert into brand (id, name, contact_email, contact_name, language, created_at) values (?, ?, ?, ?, ?, now())`,
      [id, name, contactEmail, 'Sara Ali', language],
    );
    return { id, name, contactEmail };
  }

  /** An offer of the brand, made by staff and given to it. */
  async function brandOffer(brandId: string, overrides: Record<string, unknown> = {}) {
    const offer = await createOffer(offers, { code: 'BRAND-CODE', ...overrides });
    await offers.sql('update offer set brand_id = ? where id = ?', [brandId, offer.id]);
    return offer;
  }

  function propose(caller: Record<string, string>, fields: Record<string, string>, logo = false) {
    const req = api().post(MINE).set(caller);
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    return logo ? req.attach('logoFile', PNG, 'logo.png') : req;
  }

  return {
    api,
    brand,
    brandOffer,
    propose,
    approve: (id: string, status = 'live') =>
      api().post(`${ADMIN}/${id}/approve`).set(staff()).send({ status }),
    reject: (id: string, reason: string) => api().post(`${ADMIN}/${id}/reject`).set(staff()).send({ reason }),
    /** The status a call answers (a decision's body left empty). */
    statusOf: async (method: 'get' | 'post', path: string, caller: Record<string, string>) =>
      (await api()[method](path).set(caller).send({})).status,
    offerRow: async (id: string) =>
      (await offers.sql<Record<string, unknown>>('select * from offer where id = ?', [id]))[0],
    audit: (resourceId: string) =>
      offers.sql<{ action: string; resource: string; actor_id: string; reason: string | null }>(
        'select action, resource, actor_id, reason from audit_log where resource_id = ? order by created_at, id',
        [resourceId],
      ),
  };
}
