import { retention } from '@tullab/contracts';
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { AuditLogSchema, auditLogMigrations, recordSystemAudit, SYSTEM_ACTOR } from '@tullab/audit-log';
import { initOrm, Migration } from '@tullab/db';
import type { Identity } from '@tullab/http';
import { createLogger } from '@tullab/log';
import { schemaForTests } from '@tullab/testing';
import {
  RetentionRunError,
  RetentionRunSchema,
  retentionMigrations,
  retentionRecord,
  runRetention,
  type RetentionPolicy,
} from '../src';

const NoteSchema = defineEntity({
  name: 'Note',
  tableName: 'note',
  properties: { id: p.uuid().primary(), createdAt: p.datetime() },
});

class CreateNotes extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table note (id uuid primary key, created_at timestamptz not null)');
  }
}

const DAY_MS = 24 * 3600_000;
const log = createLogger('retention-test', 'silent');
const orm = schemaForTests('retention', (url, schema) =>
  initOrm({
    url,
    schema,
    entities: [NoteSchema, AuditLogSchema, RetentionRunSchema],
    migrations: [...auditLogMigrations, ...retentionMigrations, { name: 'CreateNotes', class: CreateNotes }],
    log,
  }),
);

/** Notes are removed 30 days after they were written, each with its audit row. */
const notes = (id: string): RetentionPolicy => ({
  id,
  title: 'Notes',
  description: 'Notes are removed.',
  days: 30,
  since: 'after writing',
  routes: retention(id, 'notes'),
  removeBatch: (em, batch) =>
    em.transactional(async (tx) => {
      const due = await tx.find(
        NoteSchema,
        { createdAt: { $lte: batch.cutoff } },
        { limit: batch.limit, orderBy: { id: 'asc' } },
      );
      for (const note of due) {
        tx.remove(note);
        recordSystemAudit(tx, batch.requestId, {
          action: 'delete-note',
          resource: 'notes',
          resourceId: note.id,
          reason: batch.reason,
        });
      }
      return due.length;
    }),
});

async function writeNotes(count: number, ageDays: number): Promise<string[]> {
  const em = orm().em.fork();
  const ids = Array.from({ length: count }, () => randomUUID());
  for (const id of ids) em.create(NoteSchema, { id, createdAt: new Date(Date.now() - ageDays * DAY_MS) });
  await em.flush();
  return ids;
}

describe('runRetention', () => {
  test('removes what is due batch by batch, each with its audit row, records the run, and removes nothing twice', async () => {
    const due = await writeNotes(5, 31);
    const kept = await writeNotes(1, 29);
    const policy = notes('notes');
    const run = await runRetention(orm().em, policy, { trigger: 'schedule', log, batchSize: 2 });
    expect(run).toMatchObject({
      policy: 'notes',
      trigger: 'schedule',
      removed: 5,
      complete: true,
      error: null,
    });
    const left = await orm().em.fork().find(NoteSchema, {});
    expect(left.map((note) => note.id)).toEqual(kept);
    const audit = await orm()
      .em.fork()
      .find(AuditLogSchema, { resourceId: { $in: [...due, ...kept] } });
    expect(audit.map((row) => row.resourceId).sort()).toEqual([...due].sort());
    expect(new Set(audit.map((row) => `${row.actorId} ${row.actorRole} ${row.reason}`))).toEqual(
      new Set([`${SYSTEM_ACTOR.userId} system Retention: 30 days after writing`]),
    );

    const again = await runRetention(orm().em, policy, { trigger: 'schedule', log, batchSize: 2 });
    expect(again).toMatchObject({ removed: 0, complete: true });
    const record = await retentionRecord(orm().em.fork(), policy);
    expect({ lastRun: record.lastRun?.id, lastRemoval: record.lastRemoval?.id }).toEqual({
      lastRun: again.id,
      lastRemoval: run.id,
    });
  });

  test('a run stopped by its batch cap is incomplete; the next one goes on from there', async () => {
    await writeNotes(3, 40);
    const policy = notes('capped');
    expect(
      await runRetention(orm().em, policy, { trigger: 'schedule', log, batchSize: 1, maxBatches: 2 }),
    ).toMatchObject({ removed: 2, complete: false });
    expect(await runRetention(orm().em, policy, { trigger: 'schedule', log, batchSize: 1 })).toMatchObject({
      removed: 1,
      complete: true,
    });
  });

  test('a staff run is audited with who started it; a failing batch ends the run, which is recorded with its error', async () => {
    const actor: Identity = {
      userId: randomUUID(),
      role: 'admin',
      verificationStatus: 'none',
      sessionId: null,
      ip: '203.0.113.9',
      exp: Math.floor(Date.now() / 1000) + 60,
    };
    const run = await runRetention(orm().em, notes('by-staff'), {
      trigger: 'staff',
      actor,
      requestId: 'req-9',
      log,
    });
    const audit = await orm().em.fork().findOneOrFail(AuditLogSchema, { resourceId: run.id });
    expect(audit).toMatchObject({
      action: 'run-retention',
      actorRole: 'admin',
      requestId: 'req-9',
      reason: 'Notes: removed 0',
    });

    const failing: RetentionPolicy = {
      ...notes('failing'),
      removeBatch: () => Promise.reject(new Error('the bucket did not answer')),
    };
    const error = await runRetention(orm().em, failing, { trigger: 'schedule', log }).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(RetentionRunError);
    const recorded = await orm().em.fork().findOneOrFail(RetentionRunSchema, { policy: 'failing' });
    expect(recorded).toMatchObject({ removed: 0, complete: false, error: 'the bucket did not answer' });
  });
});
