import { startedForTests } from '@tullab/testing';
import { activeStudent, as, staff, startOffers } from './helpers';
import { form, merchantApplications } from './merchant-applications.fixture';

const offers = startedForTests(startOffers);
const { api, submitted } = merchantApplications(offers);

describe('/admin/merchant-applications', () => {
  test('is for staff: a visitor → 401, a student → 403', async () => {
    const id = await submitted();
    for (const [caller, status] of [
      [as(null), 401],
      [activeStudent(), 403],
    ] as const) {
      expect((await api().get('/admin/merchant-applications').set(caller)).status).toBe(status);
      expect((await api().get(`/admin/merchant-applications/${id}`).set(caller)).status).toBe(status);
      expect((await api().get(`/admin/merchant-applications/${id}/logo`).set(caller)).status).toBe(status);
      expect(
        (await api().post(`/admin/merchant-applications/${id}/approve`).set(caller).send({})).status,
      ).toBe(status);
      expect(
        (await api().post(`/admin/merchant-applications/${id}/reject`).set(caller).send({ reason: 'No' }))
          .status,
      ).toBe(status);
      expect((await api().get('/admin/offer-audit-log').set(caller)).status).toBe(status);
    }
  });

  test('staff list pending applications with Content-Range, see one and its logo', async () => {
    const id = await submitted(form({ brandName: 'Listable Brand' }));
    const list = await api()
      .get('/admin/merchant-applications')
      .query({ filter: JSON.stringify({ status: ['pending'], q: 'listable' }) })
      .set(staff());
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('merchant-applications 0-0/1');
    expect(list.body[0]).toMatchObject({ id, status: 'pending', brandName: 'Listable Brand' });
    expect(list.body[0]).not.toHaveProperty('logoKey');
    const show = await api().get(`/admin/merchant-applications/${id}`).set(staff());
    expect(show.body).toMatchObject({ id, logoUrl: `/api/admin/merchant-applications/${id}/logo` });
    const logo = await api().get(`/admin/merchant-applications/${id}/logo`).set(staff());
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('private, no-store');
  });

  test('approving as live creates the offer, which appears in GET /offers; the applicant is told; it is audited', async () => {
    const id = await submitted(form({ brandName: 'Approved Brand', contactEmail: 'approved@brand.example' }));
    const before = await api().get('/offers').set(as(null));
    const res = await api()
      .post(`/admin/merchant-applications/${id}/approve`)
      .set(staff())
      .send({ status: 'live' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      status: 'approved',
      offerId: expect.any(String),
      decidedBy: expect.any(String),
    });

    const after = await api().get('/offers').set(as(null)).set('If-None-Match', before.headers.etag);
    expect(after.status).toBe(200);
    const offer = after.body.find((o: { id: string }) => o.id === res.body.offerId);
    expect(offer).toMatchObject({
      title: '15% off for students',
      brandName: 'Approved Brand',
      businessCategory: 'other',
      offerType: 'discount',
      discountType: 'percentage',
      discountValue: 15,
      logoUrl: `/api/offers/${res.body.offerId}/logo?v=1`,
    });
    expect(offer).not.toHaveProperty('code');
    expect((await api().get(`/offers/${offer.id}`).set(as(null))).body).toMatchObject({
      websiteLink: 'https://falaj.example',
    });
    expect((await api().get(offer.logoUrl.replace('/api', '')).set(as(null))).status).toBe(200);
    expect((await api().post(`/offers/${offer.id}/redeem`).set(activeStudent())).body).toEqual({
      code: 'FALAJ15',
    });

    const mails = await offers.mails('approved@brand.example');
    expect(mails.map((mail) => mail.payload.template)).toEqual([
      'merchant-application-received',
      'merchant-application-approved',
    ]);
    const audit = await offers.sql<Record<string, unknown>>(
      'select action, resource, from_status, to_status, reason from audit_log where resource_id = ?',
      [id],
    );
    expect(audit).toEqual([
      {
        action: 'approve',
        resource: 'merchant-applications',
        from_status: 'pending',
        to_status: 'approved',
        reason: null,
      },
    ]);
  });

  test('approving without a status makes a draft, not in the catalogue', async () => {
    const id = await submitted();
    const res = await api().post(`/admin/merchant-applications/${id}/approve`).set(staff()).send({});
    const offer = await api().get(`/admin/offers/${res.body.offerId}`).set(staff());
    expect(offer.body).toMatchObject({ status: 'draft', code: 'FALAJ15', merchantApplicationId: id });
    const listed = (await api().get('/offers').set(as(null))).body.map((o: { id: string }) => o.id);
    expect(listed).not.toContain(res.body.offerId);
  });

  test('rejecting needs a reason, which is e-mailed and audited; a second decision → 409', async () => {
    const id = await submitted(form({ contactEmail: 'rejected@brand.example' }));
    const noReason = await api().post(`/admin/merchant-applications/${id}/reject`).set(staff()).send({});
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: 'Please give a reason' });

    const res = await api()
      .post(`/admin/merchant-applications/${id}/reject`)
      .set(staff())
      .send({ reason: 'We only list brands with a UAE trade licence.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'rejected',
      reason: 'We only list brands with a UAE trade licence.',
      offerId: null,
    });
    const [, rejected] = await offers.mails('rejected@brand.example');
    expect(rejected.payload).toEqual({
      to: 'rejected@brand.example',
      template: 'merchant-application-rejected',
      data: {
        contactName: 'Mariam Al Ali',
        brandName: 'Falaj Coffee',
        reason: 'We only list brands with a UAE trade licence.',
      },
      language: 'en',
    });

    const again = await api().post(`/admin/merchant-applications/${id}/approve`).set(staff()).send({});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'This application was already reviewed',
      code: 'already_reviewed',
    });
    expect(
      (await api().post(`/admin/merchant-applications/${id}/reject`).set(staff()).send({ reason: 'Again' }))
        .status,
    ).toBe(409);

    const audit = await api()
      .get('/admin/offer-audit-log')
      .query({ filter: JSON.stringify({ resourceId: id }) })
      .set(staff());
    expect(audit.headers['content-range']).toBe('offer-audit-log 0-0/1');
    expect(audit.body[0]).toMatchObject({
      action: 'reject',
      resource: 'merchant-applications',
      fromStatus: 'pending',
      toStatus: 'rejected',
      reason: 'We only list brands with a UAE trade licence.',
    });
    expect(await offers.sql('select id from offer where merchant_application_id = ?', [id])).toEqual([]);
  });

  test('two staff approving at once: one offer, one 409', async () => {
    const id = await submitted();
    const answers = await Promise.all(
      [0, 1].map(() => api().post(`/admin/merchant-applications/${id}/approve`).set(staff()).send({})),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await offers.sql('select id from offer where merchant_application_id = ?', [id])).toHaveLength(1);
    expect(await offers.sql('select id from audit_log where resource_id = ?', [id])).toHaveLength(1);
  });
});
