import { parseConfig } from '@tullab/config';
import { RetentionRunError, runRetention } from '@tullab/retention';
import { SYSTEM_ACTOR } from '@tullab/audit-log';
import { freePort, s3EnvOf, serviceTestEnv, startedForTests } from '@tullab/testing';
import { configShape } from '../src';
import { fileResourceId, orphanedFileRetention } from '../src/modules/retention/orphaned-files';
import { documentRetention } from '../src/modules/retention/service';
import { files } from './files';
import { INTERNAL_SECRET, startVerification, SUPPORT_EMAIL, testUser } from './helpers';
import { MINUTE, log, orphanedFileTests } from './retention.fixture';

const verification = startedForTests(startVerification);
const staff = testUser('staff');
const { api, contextWith, context, policy, orphan, upload, stored, storedAt, nextSecond, auditRows } =
  orphanedFileTests(verification);

/** As if the run happened a day later: every orphan present now is due; each test's counts are then its own. */
beforeEach(async () => {
  await runRetention(verification.em(), policy(), {
    trigger: 'schedule',
    log,
    now: new Date(Date.now() + 24 * 60 * MINUTE),
  });
});

describe('orphaned document files (ORPHAN_FILE_MINUTES, 60 by default)', () => {
  test('a file no request names is deleted once older than 60 minutes; a younger one and every named file stay', async () => {
    // a request waiting for review, and one whose file the document policy already deleted (its row still names the
    // key, which now names nothing)
    const named = await upload();
    const decided = await upload();
    await api().post(`/admin/verifications/${decided.id}/approve`).set(staff.headers()).send({});
    await verification.sql(
      `update verification_request set decided_at = now() - interval '31 days' where id = ?`,
      [decided.id],
    );
    const expired = await runRetention(verification.em(), documentRetention(context()), {
      trigger: 'schedule',
      log,
    });
    expect(expired.removed).toBe(1);
    expect(await stored(decided.key)).toBe(false);

    const old = await orphan();
    await nextSecond(old);
    const young = await orphan();
    // the run sees `young` 1 ms short of 60 minutes old; `old` and the named file are older
    const now = new Date((await storedAt(young)).getTime() + 60 * MINUTE - 1);
    const run = await runRetention(verification.em(), policy(), { trigger: 'schedule', log, now });
    expect(run).toMatchObject({
      policy: 'orphaned-files',
      removed: 1,
      complete: true,
      days: 0,
      error: null,
    });
    expect(run.cutoff).toEqual(new Date(now.getTime() - 60 * MINUTE));

    expect(await stored(old)).toBe(false);
    expect(await stored(young)).toBe(true);
    expect(await stored(named.key)).toBe(true);
    // the requests are untouched: the one waiting still opens for staff
    const file = await api().get(`/admin/verifications/${named.id}/document`).set(staff.headers());
    expect(file.status).toBe(200);
    const [row] = await verification.sql<{ document_key: string; document_deleted_at: string | null }>(
      'select document_key, document_deleted_at from verification_request where id = ?',
      [decided.id],
    );
    expect(row).toEqual({ document_key: decided.key, document_deleted_at: expect.any(String) });

    // one audit row by the system, naming the key
    expect(await auditRows(old)).toEqual([
      {
        action: 'delete-orphaned-file',
        resource: 'document-files',
        resource_id: old.slice('docs/'.length),
        actor_id: SYSTEM_ACTOR.userId,
        actor_role: 'system',
        subject_id: null,
        reason: 'Retention: 60 minutes after it was stored',
        changes: { documentKey: { from: old, to: null } },
      },
    ]);
    expect(await auditRows(young)).toEqual([]);
    expect(await auditRows(named.key)).toEqual([]);

    // an hour later the young one goes too; the named file still stays, however old
    const later = await runRetention(verification.em(), policy(), {
      trigger: 'schedule',
      log,
      now: new Date(now.getTime() + 60 * MINUTE),
    });
    expect(later.removed).toBe(1);
    expect(await stored(young)).toBe(false);
    expect(await stored(named.key)).toBe(true);
  });

  test('any file under docs/ that no request names goes, whatever its key; its audit row names the key', async () => {
    const key = 'docs/scan of my id.pdf';
    await verification.bucket.put(key, files.pdf, 'application/pdf');
    const run = await runRetention(verification.em(), policy(), {
      trigger: 'schedule',
      log,
      now: new Date(Date.now() + 2 * 60 * MINUTE),
    });
    expect(run.removed).toBe(1);
    expect(await stored(key)).toBe(false);
    const [row] = await auditRows(key);
    expect(row.resource_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(row.resource_id).toBe(fileResourceId(key));
    expect(row.changes).toEqual({ documentKey: { from: key, to: null } });
  });

  test('an upload whose process died before its row: the file stays while an upload could still be in flight', async () => {
    const key = await orphan();
    const run = await runRetention(verification.em(), policy(), { trigger: 'schedule', log });
    expect(run.removed).toBe(0);
    expect(await stored(key)).toBe(true);
    // still there 59 minutes on
    const soon = await runRetention(verification.em(), policy(), {
      trigger: 'schedule',
      log,
      now: new Date(Date.now() + 59 * MINUTE),
    });
    expect(soon.removed).toBe(0);
    expect(await stored(key)).toBe(true);
  });

  test('ORPHAN_FILE_MINUTES sets the age, and is at least 5', async () => {
    const env = {
      ...(await serviceTestEnv('verification', INTERNAL_SECRET)),
      ...s3EnvOf(verification.s3),
      SUPPORT_EMAIL,
    };
    expect(parseConfig(configShape, env).ORPHAN_FILE_MINUTES).toBe(60);
    expect(() => parseConfig(configShape, { ...env, ORPHAN_FILE_MINUTES: '4' })).toThrow(
      'ORPHAN_FILE_MINUTES Too small: expected number to be >=5',
    );
    const config = { ...verification.config, ORPHAN_FILE_MINUTES: 5 };

    const key = await orphan();
    const written = (await storedAt(key)).getTime();
    const five = orphanedFileRetention(contextWith(config));
    const early = await runRetention(verification.em(), five, {
      trigger: 'schedule',
      log,
      now: new Date(written + 4 * MINUTE),
    });
    expect(early.removed).toBe(0);
    const due = await runRetention(verification.em(), five, {
      trigger: 'schedule',
      log,
      now: new Date(written + 5 * MINUTE),
    });
    expect(due.removed).toBe(1);
    expect((await auditRows(key))[0].reason).toBe('Retention: 5 minutes after it was stored');
  });

  test('bounded batches: a run stops at its cap and the next one goes on; nothing is deleted or audited twice', async () => {
    const keys = [await orphan(), await orphan(), await orphan()];
    const later = new Date(Date.now() + 2 * 60 * MINUTE);
    const first = await runRetention(verification.em(), policy(), {
      trigger: 'schedule',
      log,
      now: later,
      batchSize: 2,
      maxBatches: 1,
    });
    expect(first).toMatchObject({ removed: 2, complete: false });
    const second = await runRetention(verification.em(), policy(), {
      trigger: 'schedule',
      log,
      now: later,
      batchSize: 2,
      maxBatches: 1,
    });
    expect(second).toMatchObject({ removed: 1, complete: true });
    const again = await runRetention(verification.em(), policy(), { trigger: 'schedule', log, now: later });
    expect(again.removed).toBe(0);
    for (const key of keys) {
      expect(await stored(key)).toBe(false);
      expect(await auditRows(key)).toHaveLength(1);
    }
  });

  test('three runs at once delete and audit each file once', async () => {
    const keys = await Promise.all(Array.from({ length: 7 }, () => orphan()));
    const later = new Date(Date.now() + 2 * 60 * MINUTE);
    const runs = await Promise.all(
      [1, 2, 3].map(() =>
        runRetention(verification.em(), policy(), { trigger: 'schedule', log, now: later, batchSize: 2 }),
      ),
    );
    expect(runs.reduce((sum, run) => sum + run.removed, 0)).toBe(7);
    for (const key of keys) expect(await auditRows(key)).toHaveLength(1);
  });
});

describe('object storage down', () => {
  test('a store that cannot be listed: the run records its error and deletes nothing; the next run does', async () => {
    const key = await orphan();
    const later = new Date(Date.now() + 2 * 60 * MINUTE);
    const down = contextWith({ ...verification.config, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    const failed = await runRetention(verification.em(), policy(down), {
      trigger: 'schedule',
      log,
      now: later,
    }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(RetentionRunError);
    const { run } = failed as RetentionRunError;
    const [recorded] = await verification.sql<{ error: string | null; removed: number; complete: boolean }>(
      'select error, removed, complete from retention_run where id = ?',
      [run.id],
    );
    expect(recorded).toEqual({ error: expect.stringMatching(/list docs\//), removed: 0, complete: false });
    expect(await stored(key)).toBe(true);
    expect(await auditRows(key)).toEqual([]);

    const next = await runRetention(verification.em(), policy(), { trigger: 'schedule', log, now: later });
    expect(next.removed).toBe(1);
    expect(await stored(key)).toBe(false);
  });

  test('a store that fails mid-batch: the files already deleted keep their audit rows and are counted', async () => {
    const keys = (await Promise.all([orphan(), orphan(), orphan()])).sort();
    const later = new Date(Date.now() + 2 * 60 * MINUTE);
    const ctx = context();
    // the second deletion fails
    let calls = 0;
    const remove = ctx.documents.remove.bind(ctx.documents);
    ctx.documents.remove = async (key: string) => {
      calls += 1;
      if (calls === 2) throw new Error(`remove ${key}: connection reset`);
      await remove(key);
    };
    const failed = await runRetention(verification.em(), policy(ctx), {
      trigger: 'schedule',
      log,
      now: later,
    }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(RetentionRunError);
    expect((failed as RetentionRunError).run).toMatchObject({ removed: 1, complete: false });
    expect(await stored(keys[0])).toBe(false);
    expect(await auditRows(keys[0])).toHaveLength(1);
    expect(await stored(keys[1])).toBe(true);
    expect(await auditRows(keys[1])).toEqual([]);

    const next = await runRetention(verification.em(), policy(), { trigger: 'schedule', log, now: later });
    expect(next.removed).toBe(2);
    for (const key of keys) expect(await auditRows(key)).toHaveLength(1);
  });
});

describe('/admin/retention/orphaned-files', () => {
  test('staff see the policy with its period in minutes, and run it now (audited as theirs)', async () => {
    const res = await api().get('/admin/retention/orphaned-files').set(staff.headers());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'orphaned-files',
      title: 'Orphaned document files',
      days: 0,
      minutes: 60,
      since: 'after it was stored',
      lastRun: { trigger: 'schedule' },
    });
    // a fresh orphan is not due: the run removes nothing
    const key = await orphan();
    const ran = await api().post('/admin/retention/orphaned-files/run').set(staff.headers()).send({});
    expect(ran.status).toBe(200);
    expect(ran.body.lastRun).toMatchObject({ trigger: 'staff', actorId: staff.userId, removed: 0 });
    expect(await stored(key)).toBe(true);
    const audited = await verification.sql<{ actor_id: string }>(
      `select actor_id from audit_log where action = 'run-retention' and resource_id = ?`,
      [ran.body.lastRun.id],
    );
    expect(audited).toEqual([{ actor_id: staff.userId }]);
    // the documents policy says it counts in days
    const documents = await api().get('/admin/retention/documents').set(staff.headers());
    expect(documents.body).toMatchObject({ days: 30, minutes: null });
  });

  test('students cannot see or run it', async () => {
    const student = testUser();
    expect((await api().get('/admin/retention/orphaned-files').set(student.headers())).status).toBe(403);
    expect(
      (await api().post('/admin/retention/orphaned-files/run').set(student.headers()).send({})).status,
    ).toBe(403);
  });
});
