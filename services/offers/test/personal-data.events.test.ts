import { randomUUID } from 'node:crypto';
import { createEnvelope } from '@tullab/events';
import type { AccountDeletedPayload } from '@tullab/contracts';
import { activeStudent, as, createOffer, staff, startOffers } from './helpers';
import { startedForTests } from '@tullab/testing';
import { codeReports, student } from './code-reports.fixture';

const offers = startedForTests(startOffers);
const { api, reported, decide } = codeReports(offers);

type Actor = AccountDeletedPayload['actor'];

const deleted = (userId: string, actor: Actor = { userId, role: 'student' }) =>
  createEnvelope('account.deleted', {
    userId,
    emails: [`${userId.slice(0, 8)}@example.com`],
    deletedAt: new Date().toISOString(),
    actor,
  });

/** A student who redeemed two offers (one from a code pool) and copied a code; everything counted. */
async function studentWithHistory() {
  const student = randomUUID();
  const pooled = await createOffer(offers, { title: 'Pooled codes' });
  await api().post(`/admin/offers/${pooled.id}/codes`).set(staff()).send({ csv: 'code\nPOOL-A\nPOOL-B\n' });
  const fixed = await createOffer(offers, { title: 'One code', code: 'FIXED-10' });
  expect((await api().post(`/offers/${pooled.id}/redeem`).set(activeStudent(student))).body).toEqual({
    code: 'POOL-A',
  });
  expect((await api().post(`/offers/${fixed.id}/redeem`).set(activeStudent(student))).body).toEqual({
    code: 'FIXED-10',
  });
  expect((await api().post(`/offers/${fixed.id}/copy`).set(activeStudent(student)).send({})).status).toBe(
    202,
  );
  await offers.drained();
  return { student, pooled, fixed };
}

const linkedTo = async (userId: string) => ({
  redemptions: await offers.sql('select id from redemption where user_id = ?', [userId]),
  codes: await offers.sql('select id from offer_code where claimed_by = ?', [userId]),
  engagements: await offers.sql('select offer_id from offer_engagement where user_id = ?', [userId]),
  actors: await offers.sql('select offer_id from offer_daily_actor where actor = ?', [`s:${userId}`]),
});

describe('account.deleted (decision 009)', () => {
  test('redemptions, codes, uses and counters stay counted, anonymously: nothing is tied to the person any more', async () => {
    const { student, pooled, fixed } = await studentWithHistory();
    const before = await linkedTo(student);
    expect(before.redemptions).toHaveLength(2);
    expect(before.actors.length).toBeGreaterThan(0);
    const usesBefore = [await offers.usesOf(pooled.id), await offers.usesOf(fixed.id)];

    expect((await offers.deliver(deleted(student))).returnvalue).toBe('done');
    expect(await linkedTo(student)).toEqual({ redemptions: [], codes: [], engagements: [], actors: [] });
    const kept = await offers.sql<{ offer_id: string; user_id: string; code: string | null }>(
      'select offer_id, user_id, code from redemption where offer_id in (?, ?) order by offer_id',
      [pooled.id, fixed.id],
    );
    expect(kept).toHaveLength(2);
    expect(new Set(kept.map((row) => row.user_id)).size).toBe(1);
    expect(kept.every((row) => row.code === null && row.user_id !== student)).toBe(true);
    // the pool keeps its code claimed, so nobody is given it again
    const [claimed] = await offers.sql<{ claimed_by: string }>(
      "select claimed_by from offer_code where offer_id = ? and code = 'POOL-A'",
      [pooled.id],
    );
    expect(claimed.claimed_by).toBe(kept[0].user_id);
    expect([await offers.usesOf(pooled.id), await offers.usesOf(fixed.id)]).toEqual(usesBefore);
    const stats = await api().get(`/admin/offers/${fixed.id}/stats`).set(staff());
    expect(stats.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ redemptions: 1, codeCopiesStudents: 1 })]),
    );
    expect(
      await offers.sql<Record<string, unknown>>(
        `select actor_id, actor_role, subject_id, changes from audit_log where action = 'erase-personal-data'
          and subject_id = ?`,
        [student],
      ),
    ).toEqual([
      {
        actor_id: student,
        actor_role: 'student',
        subject_id: student,
        changes: {
          linkedRedemptions: { from: 2, to: 0 },
          linkedCheckoutRedemptions: { from: 0, to: 0 },
          linkedCodes: { from: 1, to: 0 },
          linkedEngagements: { from: 2, to: 0 },
        },
      },
    ]);
  });

  test('delivered twice it anonymises once; the staff list of redemptions still counts them', async () => {
    const { student, fixed } = await studentWithHistory();
    const envelope = deleted(student, { userId: randomUUID(), role: 'admin' });
    expect((await offers.deliver(envelope)).returnvalue).toBe('done');
    const [{ user_id: anonymous }] = await offers.sql<{ user_id: string }>(
      'select user_id from redemption where offer_id = ?',
      [fixed.id],
    );
    expect((await offers.deliver(envelope)).returnvalue).toBe('duplicate');
    expect(await offers.sql('select user_id from redemption where offer_id = ?', [fixed.id])).toEqual([
      { user_id: anonymous },
    ]);
    const list = await api()
      .get(`/admin/redemptions?filter=${encodeURIComponent(JSON.stringify({ offerId: fixed.id }))}`)
      .set(staff());
    expect(list.headers['content-range']).toMatch(/\/1$/);
  });
});

describe('POST /internal/personal-data (offers’ part of the export)', () => {
  test('each redemption with its offer and revealed code, the offers used, the tracked actions still tied to them', async () => {
    const { student, pooled, fixed } = await studentWithHistory();
    const res = await api()
      .post('/internal/personal-data')
      .set(activeStudent(student))
      .send({ userId: student });
    expect(res.status).toBe(200);
    expect(res.body.data.redemptions).toEqual([
      expect.objectContaining({
        offerId: pooled.id,
        offerTitle: 'Pooled codes',
        code: 'POOL-A',
        sequence: 1,
      }),
      expect.objectContaining({ offerId: fixed.id, offerTitle: 'One code', code: 'FIXED-10', sequence: 1 }),
    ]);
    expect(res.body.data.countedAsUserOf).toHaveLength(2);
    expect(res.body.data.trackedActions).toEqual(
      expect.arrayContaining([expect.objectContaining({ offerId: fixed.id, counter: 'codeCopies' })]),
    );
  });

  test('another student → 403, staff → 403, an admin may, a visitor → 401', async () => {
    const student = randomUUID();
    const exportAs = (headers: Record<string, string>) =>
      api().post('/internal/personal-data').set(headers).send({ userId: student });
    expect((await exportAs(activeStudent())).status).toBe(403);
    expect((await exportAs(staff())).status).toBe(403);
    expect((await exportAs(as('admin'))).status).toBe(200);
    expect((await exportAs(as(null))).status).toBe(401);
  });
});

describe("a reporter's personal data", () => {
  test('the export lists their reports; erasing the account keeps the report counted but drops who and what', async () => {
    const offer = await createOffer(offers, { code: 'ERASE-ME' });
    const { userId, reportId } = await reported(offer.id, 'other');
    const exported = await api().post('/internal/personal-data').set(student(userId)).send({ userId });
    expect(exported.body.data.codeReports).toEqual([
      expect.objectContaining({
        id: reportId,
        code: 'ERASE-ME',
        email: `${userId}@student.test`,
        status: 'open',
      }),
    ]);

    const envelope = createEnvelope('account.deleted', {
      userId,
      emails: [`${userId}@student.test`],
      deletedAt: new Date().toISOString(),
      actor: { userId, role: 'student' },
    });
    expect((await offers.deliver(envelope)).returnvalue).toBe('done');
    const [row] = await offers.sql<Record<string, unknown>>(
      'select user_id, code, text, reporter_email, reporter_first_name, status from code_report where id = ?',
      [reportId],
    );
    expect(row).toEqual({
      user_id: expect.any(String),
      code: null,
      text: null,
      reporter_email: null,
      reporter_first_name: null,
      status: 'open',
    });
    expect(row.user_id).not.toBe(userId);
    // staff can still answer it; nobody is e-mailed
    expect((await decide(reportId, { outcome: 'answer', message: 'Checked.' })).status).toBe(200);
    expect(await offers.mails(`${userId}@student.test`)).toEqual([]);
  });

  test('erasing the account drops the answer staff or the brand wrote back to them (T23); its mail was tied to their account', async () => {
    const offer = await createOffer(offers, { code: 'ANSWERED-ERASED' });
    const { userId, reportId } = await reported(offer.id, 'other');
    const answer = `Sorry Mariam, your code ${userId.slice(0, 8)} works at the Dubai Mall branch only.`;
    expect((await decide(reportId, { outcome: 'answer', message: answer })).status).toBe(200);
    const [mail] = await offers.mails(`${userId}@student.test`);
    expect(mail.payload).toMatchObject({ userId, data: expect.objectContaining({ message: answer }) });

    const envelope = createEnvelope('account.deleted', {
      userId,
      emails: [],
      deletedAt: new Date().toISOString(),
      actor: { userId, role: 'student' },
    });
    expect((await offers.deliver(envelope)).returnvalue).toBe('done');
    expect(
      await offers.sql('select status, outcome, answer from code_report where id = ?', [reportId]),
    ).toEqual([{ status: 'answered', outcome: 'answered', answer: null }]);
  });
});
