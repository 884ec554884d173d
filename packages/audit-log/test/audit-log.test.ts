import { randomUUID } from 'node:crypto';
import { initOrm } from '@tullab/db';
import { createLogger } from '@tullab/log';
import { schemaForTests } from '@tullab/testing';
import { AuditLogSchema, auditLogMigrations, recordAudit, recordSystemAudit, SYSTEM_ACTOR } from '../src';

const log = createLogger('audit-log-test', 'silent');
const orm = schemaForTests('audit', (url, schema) =>
  initOrm({ url, schema, entities: [AuditLogSchema], migrations: auditLogMigrations, log }),
);
const staff = { userId: randomUUID(), role: 'staff' as const, ip: '203.0.113.7' };

describe('the audit log (S31)', () => {
  test('a row is stored by the flush of the decision it records, or not at all', async () => {
    const resourceId = randomUUID();
    const em = orm().em.fork();
    await em
      .transactional(async (tx) => {
        recordAudit(tx, staff, 'req-1', { action: 'approve', resource: 'verifications', resourceId });
        await tx.flush();
        throw new Error('the decision failed');
      })
      .catch((err: Error) => expect(err.message).toBe('the decision failed'));
    expect(await orm().em.fork().count(AuditLogSchema, { resourceId })).toBe(0);

    await orm()
      .em.fork()
      .transactional(async (tx) => {
        recordAudit(tx, staff, 'req-2', {
          action: 'approve',
          resource: 'verifications',
          resourceId,
          fromStatus: 'pending',
          toStatus: 'approved',
        });
        recordSystemAudit(tx, null, { action: 'delete-document', resource: 'verifications', resourceId });
      });
    const rows = await orm()
      .em.fork()
      .find(AuditLogSchema, { resourceId }, { orderBy: { action: 'asc' } });
    expect(
      rows.map(({ action, actorId, actorRole, ip, requestId, fromStatus, toStatus }) => ({
        action,
        actorId,
        actorRole,
        ip,
        requestId,
        fromStatus,
        toStatus,
      })),
    ).toEqual([
      {
        action: 'approve',
        actorId: staff.userId,
        actorRole: 'staff',
        ip: staff.ip,
        requestId: 'req-2',
        fromStatus: 'pending',
        toStatus: 'approved',
      },
      {
        action: 'delete-document',
        actorId: SYSTEM_ACTOR.userId,
        actorRole: 'system',
        ip: null,
        requestId: null,
        fromStatus: null,
        toStatus: null,
      },
    ]);
  });

  test('refuses a row without a signed-in actor', () => {
    expect(() =>
      recordAudit(orm().em.fork(), { userId: '', role: 'staff', ip: '' }, null, {
        action: 'approve',
        resource: 'verifications',
        resourceId: randomUUID(),
      }),
    ).toThrow('an audit row needs a signed-in actor');
  });

  test('is append-only: the database refuses to change or delete a row, whoever asks', async () => {
    const resourceId = randomUUID();
    await orm()
      .em.fork()
      .transactional(async (tx) => {
        recordAudit(tx, staff, null, { action: 'reject', resource: 'verifications', resourceId });
      });
    const connection = orm().em.getConnection();
    await expect(connection.execute(`update audit_log set reason = 'edited'`)).rejects.toThrow(
      'audit_log is append-only',
    );
    await expect(connection.execute('delete from audit_log')).rejects.toThrow('audit_log is append-only');
    await expect(connection.execute('truncate audit_log')).rejects.toThrow('audit_log is append-only');
    expect(await orm().em.fork().count(AuditLogSchema, { resourceId })).toBe(1);
  });
});
