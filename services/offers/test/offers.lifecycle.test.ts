import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startedForTests } from '@tullab/testing';
import { PNG, activeStudent, as, createOffer, offerForm, staff, startOffers } from './helpers';

const offers = startedForTests(startOffers);
const api = () => request(offers.url);

describe('pause, resume and delete', () => {
  test('pause takes a live offer out of the catalogue; resume publishes a draft or paused offer; wrong states → 409', async () => {
    const offer = await createOffer(offers, { status: 'draft' });
    expect((await api().post(`/admin/offers/${offer.id}/pause`).set(staff())).status).toBe(409);
    const live = await api().post(`/admin/offers/${offer.id}/resume`).set(staff());
    expect(live.body.status).toBe('live');
    expect((await api().post(`/admin/offers/${offer.id}/resume`).set(staff())).body).toEqual({
      message: 'This offer is already live',
      code: 'conflict',
    });
    expect((await api().post(`/admin/offers/${offer.id}/pause`).set(staff())).body.status).toBe('paused');
    const listed = (await api().get('/offers').set(as(null))).body.map((o: { id: string }) => o.id);
    expect(listed).not.toContain(offer.id);
  });

  test('an offer past its expiry cannot be resumed until its date moves', async () => {
    const offer = await createOffer(offers, {
      status: 'draft',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const res = await api().post(`/admin/offers/${offer.id}/resume`).set(staff());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'This offer has expired: set a later expiry date first',
      code: 'offer_expired',
    });
  });

  test('DELETE archives: the offer leaves the catalogue, students and the default list; its history stays', async () => {
    const brand = `Archive ${randomUUID().slice(0, 8)}`;
    const offer = await createOffer(offers, { title: 'Short lived', brandName: brand });
    await api().post(`/admin/offers/${offer.id}/codes`).set(staff()).send({ csv: 'ARCH-1\nARCH-2' });
    const student = randomUUID();
    const redeemed = await api().post(`/offers/${offer.id}/redeem`).set(activeStudent(student));
    expect(redeemed.body).toEqual({ code: 'ARCH-1' });
    const catalogue = async () =>
      (await api().get('/offers').set(as(null))).body.map((o: { id: string }) => o.id);
    expect(await catalogue()).toContain(offer.id);

    const res = await api().delete(`/admin/offers/${offer.id}`).set(staff());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Short lived', status: 'archived', codesTotal: 2, codesLeft: 1 });
    expect(await catalogue()).not.toContain(offer.id);
    expect((await api().get(`/offers/${offer.id}`).set(as(null))).status).toBe(404);
    expect((await api().post(`/offers/${offer.id}/redeem`).set(activeStudent(student))).status).toBe(404);

    const list = (filter: Record<string, unknown>) =>
      api()
        .get('/admin/offers')
        .query({ filter: JSON.stringify(filter) })
        .set(staff());
    expect((await list({ q: brand })).body).toEqual([]);
    expect((await list({ q: brand, status: ['archived'] })).body).toEqual([
      expect.objectContaining({ id: offer.id, status: 'archived' }),
    ]);
    expect((await list({ id: [offer.id] })).body).toEqual([expect.objectContaining({ id: offer.id })]);
    expect((await api().get(`/admin/offers/${offer.id}`).set(staff())).body.status).toBe('archived');
    const history = await api()
      .get('/admin/redemptions')
      .query({ filter: JSON.stringify({ offerId: offer.id }) })
      .set(staff());
    expect(history.body).toEqual([
      expect.objectContaining({
        userId: student,
        code: 'ARCH-1',
        offerTitle: 'Short lived',
        brandName: brand,
      }),
    ]);
    // nothing may erase it either: the database refuses to delete an offer that has redemptions
    await expect(offers.sql('delete from offer where id = ?', [offer.id])).rejects.toThrow(/redemption/);
  });

  test('an archived offer cannot change or come back: every change → 409', async () => {
    const offer = await createOffer(offers);
    expect((await api().delete(`/admin/offers/${offer.id}`).set(staff())).status).toBe(200);
    const refused = { message: 'This offer was deleted', code: 'conflict' };
    for (const call of [
      api().delete(`/admin/offers/${offer.id}`),
      api().post(`/admin/offers/${offer.id}/resume`),
      api().post(`/admin/offers/${offer.id}/pause`),
      api()
        .put(`/admin/offers/${offer.id}`)
        .send(offerForm({ title: 'Back again' })),
      api().post(`/admin/offers/${offer.id}/codes`).send({ csv: 'LATE-1' }),
      api().post(`/admin/offers/${offer.id}/logo`).attach('logoFile', PNG, 'a.png'),
    ]) {
      const res = await call.set(staff());
      expect([res.status, res.body]).toEqual([409, refused]);
    }
    expect((await api().get(`/admin/offers/${offer.id}`).set(staff())).body).toMatchObject({
      status: 'archived',
      title: offer.title,
      codesTotal: 0,
      logoUrl: null,
    });
    expect((await api().delete(`/admin/offers/${randomUUID()}`).set(staff())).status).toBe(404);
  });
});
