import { randomUUID } from 'node:crypto';
import { startedForTests } from '@tullab/testing';
import { as, createOffer, staff, startOffers } from './helpers';
import { codeReports, student } from './code-reports.fixture';

const offers = startedForTests(startOffers);
const { api, report, reported, decide } = codeReports(offers);

const list = (filter: unknown, extra: Record<string, string> = {}) =>
  api()
    .get('/admin/code-reports')
    .query({ filter: JSON.stringify(filter), ...extra })
    .set(staff());
const auditRows = (resourceId: string) =>
  offers.sql<{ action: string; resource: string; reason: string | null; subject_id: string | null }>(
    'select action, resource, reason, subject_id from audit_log where resource_id = ? order by created_at',
    [resourceId],
  );

describe('POST /offers/:id/reports', () => {
  test('only a student who revealed a code of the offer: 404 before the reveal, 201 after, kept with their address', async () => {
    const offer = await createOffer(offers, { code: 'REPORT-ME' });
    const userId = randomUUID();
    const before = await report(offer.id, student(userId), { reason: 'code-rejected' });
    expect(before.status).toBe(404);
    expect((await report(randomUUID(), student(userId), { reason: 'other' })).status).toBe(404);
    expect((await report(offer.id, as(null), { reason: 'other' })).status).toBe(401);
    expect((await report(offer.id, staff(), { reason: 'other' })).status).toBe(403);

    await api().post(`/offers/${offer.id}/redeem`).set(student(userId)).expect(200);
    const res = await report(offer.id, student(userId), { reason: 'already-used', text: '  used  ' }, 'ar');
    expect(res.status).toBe(201);
    const [row] = await offers.sql<Record<string, unknown>>('select * from code_report where id = ?', [
      res.body.id,
    ]);
    expect(row).toMatchObject({
      offer_id: offer.id,
      user_id: userId,
      code: 'REPORT-ME',
      reason: 'already-used',
      text: 'used',
      reporter_email: `${userId}@student.test`,
      reporter_first_name: 'Mariam',
      language: 'ar',
      status: 'open',
    });
    // the same code again while the first report is open
    expect((await report(offer.id, student(userId), { reason: 'other' })).status).toBe(409);
  });

  test('a bad reason or a long text → 400 naming the field', async () => {
    const offer = await createOffer(offers, { code: 'VALIDATE' });
    const userId = randomUUID();
    await api().post(`/offers/${offer.id}/redeem`).set(student(userId)).expect(200);
    const bad = await report(offer.id, student(userId), { reason: 'meh' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('reason');
    const long = await report(offer.id, student(userId), { reason: 'other', text: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toHaveProperty('text');
    expect(await offers.sql('select id from code_report where offer_id = ?', [offer.id])).toEqual([]);
  });
});

describe('/admin/code-reports', () => {
  test('staff only; the list filters by status, offer and reason, with Content-Range', async () => {
    const offer = await createOffer(offers, { code: 'LISTED' });
    const other = await createOffer(offers, { code: 'OTHER' });
    await reported(offer.id, 'code-rejected');
    await reported(offer.id, 'code-expired');
    await reported(other.id, 'code-rejected');
    expect((await api().get('/admin/code-reports').set(as('student'))).status).toBe(403);

    const byOffer = await list({ offerId: offer.id });
    expect(byOffer.status).toBe(200);
    expect(byOffer.body).toHaveLength(2);
    expect(byOffer.headers['content-range']).toBe('code-reports 0-1/2');
    expect(byOffer.body[0]).toMatchObject({ offerId: offer.id, offerTitle: offer.title, code: 'LISTED' });

    const rejected = await list({ offerId: offer.id, reason: ['code-rejected'], status: 'open' });
    expect(rejected.body.map((r: { reason: string }) => r.reason)).toEqual(['code-rejected']);
    expect((await list({ offerId: other.id, status: ['answered'] })).body).toEqual([]);
    expect((await list({ nope: 1 })).status).toBe(400);

    const one = await api().get(`/admin/code-reports/${byOffer.body[1].id}`).set(staff());
    expect(one.body).toMatchObject({ id: byOffer.body[1].id, reporterEmail: expect.stringContaining('@') });
    expect((await api().get(`/admin/code-reports/${randomUUID()}`).set(staff())).status).toBe(404);
  });

  test('answer: the report is answered, audited, and the student e-mailed in their language; only once', async () => {
    const offer = await createOffer(offers, { code: 'ANSWER' });
    const { userId, reportId } = await reported(offer.id, 'code-rejected', 'ar');
    expect((await decide(reportId, { outcome: 'refund', message: 'hi there' })).body.errors).toHaveProperty(
      'outcome',
    );
    expect((await decide(reportId, { outcome: 'answer' })).body.errors).toHaveProperty('message');

    const res = await decide(reportId, { outcome: 'answer', message: 'The shop confirmed it works now.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'answered', outcome: 'answered' });
    expect(await auditRows(reportId)).toEqual([
      {
        action: 'decide-answered',
        resource: 'code-reports',
        reason: 'The shop confirmed it works now.',
        subject_id: userId,
      },
    ]);
    const mails = await offers.mails(`${userId}@student.test`);
    expect(mails.map((mail) => mail.payload)).toEqual([
      {
        to: `${userId}@student.test`,
        userId,
        template: 'code-report-answered',
        data: {
          firstName: 'Mariam',
          offerTitle: offer.title,
          brandName: offer.brandName,
          outcome: 'answered',
          message: 'The shop confirmed it works now.',
        },
        language: 'ar',
      },
    ]);
    expect((await decide(reportId, { outcome: 'answer', message: 'again' })).status).toBe(409);
  });

  test('pause-offer pauses the offer (audited on it) and leaves the catalogue', async () => {
    const offer = await createOffer(offers, { code: 'PAUSE' });
    const { userId, reportId } = await reported(offer.id);
    const res = await decide(reportId, { outcome: 'pause-offer', message: 'We paused it.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'offer-paused', offerStatus: 'paused' });
    expect((await api().get(`/admin/offers/${offer.id}`).set(staff())).body.status).toBe('paused');
    expect((await auditRows(offer.id)).map((row) => row.action)).toEqual(['create', 'pause']);
    expect((await auditRows(reportId)).map((row) => row.action)).toEqual(['decide-offer-paused']);
    expect((await api().get(`/offers/${offer.id}`).set(as(null))).status).toBe(404);
    expect((await offers.mails(`${userId}@student.test`))[0].payload.data.outcome).toBe('offer-paused');
  });

  test('fresh-code hands the next pool code as a new, counted redemption; 409 without a pool or once it is empty', async () => {
    const noPool = await createOffer(offers, { code: 'NO-POOL' });
    const without = await reported(noPool.id);
    expect((await decide(without.reportId, { outcome: 'fresh-code', message: 'Here you go' })).status).toBe(
      409,
    );
    expect((await offers.sql('select status from code_report where id = ?', [without.reportId]))[0]).toEqual({
      status: 'open',
    });
    expect(await offers.mails(`${without.userId}@student.test`)).toEqual([]);

    const offer = await createOffer(offers);
    await api()
      .post(`/admin/offers/${offer.id}/codes`)
      .set(staff())
      .send({ csv: 'POOL-A\nPOOL-B\nPOOL-C' })
      .expect(200);
    const first = await reported(offer.id);
    const second = await reported(offer.id);
    const res = await decide(first.reportId, { outcome: 'fresh-code', message: 'A new one for you.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'fresh-code', code: 'POOL-A', freshCode: 'POOL-C' });
    expect(
      await offers.sql('select code, sequence from redemption where user_id = ? order by sequence', [
        first.userId,
      ]),
    ).toEqual([
      { code: 'POOL-A', sequence: 1 },
      { code: 'POOL-C', sequence: 2 },
    ]);
    const redeemed = await offers.sql(
      "select id from outbox where name = 'offer.redeemed' and payload->>'userId' = ?",
      [first.userId],
    );
    expect(redeemed).toHaveLength(2);
    // the student's reveal now answers the fresh code
    expect((await api().post(`/offers/${offer.id}/redeem`).set(student(first.userId))).body).toEqual({
      code: 'POOL-C',
    });
    expect((await offers.mails(`${first.userId}@student.test`))[0].payload.data.outcome).toBe('fresh-code');

    // the pool is empty now: nothing is decided, nothing is sent
    const empty = await decide(second.reportId, { outcome: 'fresh-code', message: 'A new one for you.' });
    expect(empty.status).toBe(409);
    expect(empty.body.message).toMatch(/empty/);
    expect(await offers.mails(`${second.userId}@student.test`)).toEqual([]);
    expect(await auditRows(second.reportId)).toEqual([]);
  });

  test('three open reports flag the offer: on its stats and in the counts; answering one clears it', async () => {
    const offer = await createOffer(offers, { code: 'FLAGGED' });
    const reports = [await reported(offer.id), await reported(offer.id)];
    const stats = async () => (await api().get(`/admin/offers/${offer.id}`).set(staff())).body;
    expect(await stats()).toMatchObject({ reportsOpen: 2, flagged: false });
    reports.push(await reported(offer.id));
    expect(await stats()).toMatchObject({ reportsOpen: 3, flagged: true });
    const counts = (await api().get('/admin/code-reports/summary').set(staff())).body;
    expect(counts.flagged).toContainEqual({
      offerId: offer.id,
      title: offer.title,
      brandName: offer.brandName,
      reportsOpen: 3,
    });
    expect(counts.open).toBeGreaterThanOrEqual(3);

    await decide(reports[0].reportId, { outcome: 'answer', message: 'Checked with the shop.' }).expect(200);
    expect(await stats()).toMatchObject({ reportsOpen: 2, flagged: false });
    const after = (await api().get('/admin/code-reports/summary').set(staff())).body;
    expect(after.flagged.map((row: { offerId: string }) => row.offerId)).not.toContain(offer.id);
    expect(after.open).toBe(counts.open - 1);
  });
});
