import { RetentionRunError, runRetention } from '@tullab/retention';
import { SYSTEM_ACTOR } from '@tullab/audit-log';
import { freePort, startedForTests } from '@tullab/testing';
import { documentRetention } from '../src/modules/retention/service';
import { startVerification, testUser } from './helpers';
import { documentRetentionTests, log } from './retention.fixture';

const verification = startedForTests(startVerification);
const { api, staff, contextWith, upload, decided, stored, auditRows, policy } =
  documentRetentionTests(verification);

/** Every due document is handled before each test, so counts below are this test's own. */
beforeEach(async () => {
  await runRetention(verification.em(), policy(), { trigger: 'schedule', log });
});

describe('document retention (DOCUMENT_RETENTION_DAYS, 30 by default)', () => {
  test('a document decided 31 days ago leaves the bucket; one decided yesterday stays; the rows and decisions stay', async () => {
    const old = await decided('approve', 31);
    const oldRejected = await decided('reject', 31);
    const recent = await decided('approve', 1);
    expect(await stored(old.key)).toBe(true);

    const run = await runRetention(verification.em(), policy(), { trigger: 'schedule', log });
    expect(run).toMatchObject({ policy: 'documents', removed: 2, complete: true, days: 30, error: null });

    expect(await stored(old.key)).toBe(false);
    expect(await stored(oldRejected.key)).toBe(false);
    expect(await stored(recent.key)).toBe(true);
    const rows = await verification.sql<{
      id: string;
      status: string;
      document_key: string | null;
      document_deleted_at: string | null;
      decided_at: string | null;
    }>(
      'select id, status, document_key, document_deleted_at, decided_at from verification_request where id in (?)',
      [[old.id, oldRejected.id, recent.id]],
    );
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId[old.id]).toMatchObject({ status: 'approved', document_key: old.key });
    expect(byId[old.id].document_deleted_at).toEqual(expect.any(String));
    expect(byId[old.id].decided_at).toEqual(expect.any(String));
    expect(byId[oldRejected.id].status).toBe('rejected');
    expect(byId[oldRejected.id].document_deleted_at).toEqual(expect.any(String));
    expect(byId[recent.id].document_deleted_at).toBeNull();

    // one audit row per deleted file, by the system; the staff decisions' rows are still there
    expect(await auditRows(old.id)).toEqual([
      {
        action: 'delete-document-file',
        actor_id: SYSTEM_ACTOR.userId,
        actor_role: 'system',
        reason: 'Retention: 30 days after the decision',
        subject_id: old.student.userId,
      },
    ]);
    expect(await auditRows(recent.id)).toEqual([]);
    const decisions = await verification.sql<{ action: string }>(
      `select action from audit_log where resource_id = ? and actor_id = ?`,
      [old.id, staff.userId],
    );
    expect(decisions.map((d) => d.action)).toEqual(['approve']);

    // the student still sees their status, staff still see the request
    const record = await api().get(`/admin/verifications/${old.id}`).set(staff.headers());
    expect(record.body).toMatchObject({ status: 'approved', hasDocument: true });
    expect(record.body.documentDeletedAt).toEqual(expect.any(String));
  });

  test('a document waiting for review is never deleted, however old', async () => {
    const waiting = await upload();
    await verification.sql(
      `update verification_request set created_at = now() - interval '90 days', updated_at = now() - interval '90 days'
        where id = ?`,
      [waiting.id],
    );
    const run = await runRetention(verification.em(), policy(), { trigger: 'schedule', log });
    expect(run.removed).toBe(0);
    expect(await stored(waiting.key)).toBe(true);
  });

  test('a document cancelled by another approval counts from when it was settled', async () => {
    const student = testUser();
    const first = await upload(student);
    const second = await upload(student);
    await api().post(`/admin/verifications/${second.id}/approve`).set(staff.headers()).send({});
    await verification.sql(
      `update verification_request set updated_at = now() - interval '31 days', decided_at = decided_at - interval '31 days'
        where user_id = ?`,
      [student.userId],
    );
    const [cancelled] = await verification.sql<{ status: string }>(
      'select status from verification_request where id = ?',
      [first.id],
    );
    expect(cancelled.status).toBe('cancelled');
    const run = await runRetention(verification.em(), policy(), { trigger: 'schedule', log });
    expect(run.removed).toBe(2);
    expect(await stored(first.key)).toBe(false);
    expect(await stored(second.key)).toBe(false);
  });

  test('bounded batches: a run stops at its cap and the next one goes on; nothing is deleted or audited twice', async () => {
    const docs = [await decided('approve', 40), await decided('approve', 40), await decided('reject', 40)];
    const first = await runRetention(verification.em(), policy(), {
      trigger: 'schedule',
      log,
      batchSize: 2,
      maxBatches: 1,
    });
    expect(first).toMatchObject({ removed: 2, complete: false });
    const second = await runRetention(verification.em(), policy(), {
      trigger: 'schedule',
      log,
      batchSize: 2,
      maxBatches: 1,
    });
    expect(second).toMatchObject({ removed: 1, complete: true });
    const again = await runRetention(verification.em(), policy(), { trigger: 'schedule', log });
    expect(again.removed).toBe(0);
    for (const doc of docs) {
      expect(await stored(doc.key)).toBe(false);
      expect(await auditRows(doc.id)).toHaveLength(1);
    }
  });

  test('two runs at once delete each file once', async () => {
    const docs = await Promise.all(Array.from({ length: 6 }, () => decided('approve', 35)));
    const runs = await Promise.all(
      [1, 2, 3].map(() =>
        runRetention(verification.em(), policy(), { trigger: 'schedule', log, batchSize: 2 }),
      ),
    );
    expect(runs.reduce((sum, run) => sum + run.removed, 0)).toBe(6);
    for (const doc of docs) expect(await auditRows(doc.id)).toHaveLength(1);
  });
});

describe('object storage down', () => {
  test('a run records its error and marks nothing; the next run deletes the file', async () => {
    const doc = await decided('reject', 31);
    const down = contextWith({ ...verification.config, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    const failed = await runRetention(verification.em(), documentRetention(down), {
      trigger: 'schedule',
      log,
    }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(RetentionRunError);
    const { run } = failed as RetentionRunError;
    expect(run).toMatchObject({ removed: 0, complete: false });
    const [recorded] = await verification.sql<{ error: string | null; removed: number }>(
      'select error, removed from retention_run where id = ?',
      [run.id],
    );
    expect(recorded).toEqual({ error: expect.stringMatching(/remove docs\//), removed: 0 });
    const [row] = await verification.sql<{ document_deleted_at: string | null }>(
      'select document_deleted_at from verification_request where id = ?',
      [doc.id],
    );
    expect(row.document_deleted_at).toBeNull();
    expect(await auditRows(doc.id)).toEqual([]);
    expect(await stored(doc.key)).toBe(true);

    const next = await runRetention(verification.em(), policy(), { trigger: 'schedule', log });
    expect(next.removed).toBe(1);
    expect(await stored(doc.key)).toBe(false);
  });
});

describe('staff and a deleted file', () => {
  test('GET /admin/verifications/:id/document → 410 with the date; a kept document still opens', async () => {
    const old = await decided('approve', 31);
    const recent = await decided('approve', 2);
    await runRetention(verification.em(), policy(), { trigger: 'schedule', log });

    const gone = await api().get(`/admin/verifications/${old.id}/document`).set(staff.headers());
    expect(gone.status).toBe(410);
    expect(gone.body.message).toMatch(
      /^The file of this document was deleted on \d{1,2} \w+ \d{4} under the retention policy$/,
    );
    const kept = await api().get(`/admin/verifications/${recent.id}/document`).set(staff.headers());
    expect(kept.status).toBe(200);
    // a refused view is not a view: no audit row for it
    const views = await verification.sql(
      `select 1 from audit_log where resource_id = ? and action = 'view-document'`,
      [old.id],
    );
    expect(views).toHaveLength(0);
  });
});

describe('/admin/retention/documents', () => {
  test('staff see the policy and its last runs, and run it now (audited as theirs)', async () => {
    const before = await api().get('/admin/retention/documents').set(staff.headers());
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      id: 'documents',
      title: 'Student documents',
      days: 30,
      since: 'after the decision',
      lastRun: { trigger: 'schedule', removed: 0 },
    });

    const old = await decided('reject', 45);
    const ran = await api().post('/admin/retention/documents/run').set(staff.headers()).send({});
    expect(ran.status).toBe(200);
    expect(ran.body.lastRun).toMatchObject({
      trigger: 'staff',
      actorId: staff.userId,
      removed: 1,
      complete: true,
    });
    expect(ran.body.lastRemoval).toEqual(ran.body.lastRun);
    expect(await stored(old.key)).toBe(false);
    const audited = await verification.sql<{ actor_id: string; resource: string }>(
      `select actor_id, resource from audit_log where action = 'run-retention' and resource_id = ?`,
      [ran.body.lastRun.id],
    );
    expect(audited).toEqual([{ actor_id: staff.userId, resource: 'retention-runs' }]);
    // the file's own audit row is still the system's
    expect((await auditRows(old.id))[0].actor_role).toBe('system');
  });

  test('students cannot see or run it', async () => {
    const student = testUser();
    expect((await api().get('/admin/retention/documents').set(student.headers())).status).toBe(403);
    expect((await api().post('/admin/retention/documents/run').set(student.headers()).send({})).status).toBe(
      403,
    );
  });
});
