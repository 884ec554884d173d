import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { signIdentity } from '@tullab/http';
import {
  INTERNAL_SECRET,
  activeStudent,
  createOffer,
  merchantOf,
  randomIp,
  staff,
  type TestOffers,
} from './helpers';

/**
 * What the merchant portal's tests make their brands, offers and reports with, on the offers their file started
 * (read when a helper is called, so `offers` may still be filling in while the file loads).
 */
export function merchantPortal(offers: TestOffers) {
  const api = () => request(offers.url);

  /** A brand as approving its application makes it. */
  async function newBrand(name = 'Falafel Co', language = 'en') {
    const id = randomUUID();
    const contactEmail = `${id.slice(0, 8)}@brand.example`;
    await offers.sql(
      `insert into brand (id, name, contact_email, contact_name, language) values (?, ?, ?, 'Sara Ali', ?)`,
      [id, name, contactEmail, language],
    );
    return { id, name, contactEmail, as: () => merchantOf(id) };
  }

  /** An offer of the brand (made by staff, then given to the brand). */
  async function brandOffer(brand: Brand, overrides: Record<string, unknown> = {}) {
    const offer = await createOffer(offers, { brandName: brand.name, ...overrides });
    await offers.sql('update offer set brand_id = ? where id = ?', [brand.id, offer.id]);
    return offer;
  }

  /** A student who revealed the offer's code and reported it. */
  async function reported(offerId: string, language = 'en') {
    const userId = randomUUID();
    const student = signIdentity(
      {
        userId,
        role: 'student',
        verificationStatus: 'active',
        sessionId: randomUUID(),
        ip: randomIp(),
        email: `${userId}@student.test`,
        firstName: 'Omar',
      },
      INTERNAL_SECRET,
      'offers',
    );
    await api().post(`/offers/${offerId}/redeem`).set(student).expect(200);
    const res = await api()
      .post(`/offers/${offerId}/reports`)
      .set(student)
      .set('Accept-Language', language)
      .send({ reason: 'code-rejected', text: 'The till said no' })
      .expect(201);
    return { userId, reportId: res.body.id as string };
  }

  return {
    api,
    newBrand,
    brandOffer,
    reported,
    importAsStaff: (offerId: string, csv: string) =>
      api().post(`/admin/offers/${offerId}/codes`).set(staff()).send({ csv }).expect(200),
    redeem: (offerId: string, userId: string) =>
      api().post(`/offers/${offerId}/redeem`).set(activeStudent(userId)).expect(200),
    upload: (path: string, caller: Record<string, string>, csv: string) =>
      api().post(path).set(caller).attach('file', Buffer.from(csv), 'codes.csv'),
    auditOf: (resourceId: string) =>
      offers.sql<{ action: string; actor_role: string }>(
        'select action, actor_role from audit_log where resource_id = ? order by created_at',
        [resourceId],
      ),
  };
}

export interface Brand {
  id: string;
  name: string;
  contactEmail: string;
  /** the brand's merchant, signed as the gateway signs them */
  as(): Record<string, string>;
}
