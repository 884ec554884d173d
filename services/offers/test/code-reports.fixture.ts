import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { signIdentity } from '@tullab/http';
import { INTERNAL_SECRET, randomIp, staff, type TestOffers } from './helpers';

/** An active student as the gateway signs them: with their own e-mail and first name (S29). */
export const student = (userId: string, email = `${userId}@student.test`) =>
  signIdentity(
    {
      userId,
      role: 'student',
      verificationStatus: 'active',
      sessionId: randomUUID(),
      ip: randomIp(),
      email,
      firstName: 'Mariam',
    },
    INTERNAL_SECRET,
    'offers',
  );

/**
 * How the code reports' tests report a code and decide a report, on the offers their file started (read when a
 * helper is called, so `offers` may still be filling in while the file loads).
 */
export function codeReports(offers: TestOffers) {
  const api = () => request(offers.url);
  const report = (offerId: string, caller: Record<string, string>, body: object, language = 'en') =>
    api().post(`/offers/${offerId}/reports`).set(caller).set('Accept-Language', language).send(body);

  /** A student who revealed the offer's code, and their report about it. */
  async function reported(offerId: string, reason = 'code-rejected', language = 'en') {
    const userId = randomUUID();
    await api().post(`/offers/${offerId}/redeem`).set(student(userId)).expect(200);
    const res = await report(offerId, student(userId), { reason, text: 'The till said invalid' }, language);
    expect(res.status).toBe(201);
    return { userId, reportId: res.body.id as string };
  }

  return {
    api,
    report,
    reported,
    decide: (id: string, body: object) =>
      api().post(`/admin/code-reports/${id}/decision`).set(staff()).send(body),
  };
}
