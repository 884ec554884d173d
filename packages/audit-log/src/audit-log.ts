import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { defineEntity, p, type EntityManager, type InferEntity } from '@mikro-orm/core';
import { Router } from 'express';
import { Migration } from '@tullab/db';
import { bindRoute, HttpError, type Identity } from '@tullab/http';
import type { AuditLogRoutes } from '@tullab/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Staff decisions and document views (S31), one table per service that takes decisions, written in the same
 * transaction as the decision. Append-only: a trigger refuses UPDATE and DELETE, whatever role the app connects as.
 */
export const AuditLogSchema = defineEntity({
  name: 'AuditLog',
  tableName: 'audit_log',
  properties: {
    id: p.uuid().primary(),
    /** 'approve', 'reject', 'view-document', … */
    action: p.string(),
    /** the resource acted on ('verifications', 'merchant-applications', …) and its id */
    resource: p.string(),
    resourceId: p.uuid(),
    /** who acted (a staff user id) and from where */
    actorId: p.uuid(),
    actorRole: p.string(),
    ip: p.string().nullable(),
    requestId: p.string().nullable(),
    /** the subject of the decision (e.g. the student), when there is one */
    subjectId: p.uuid().nullable(),
    fromStatus: p.string().nullable(),
    toStatus: p.string().nullable(),
    reason: p.string().nullable(),
    /** the fields the action changed besides the status (see {@link changedFields}), when it edits a record */
    changes: p.json<AuditChanges>().nullable(),
    createdAt: p.datetime(),
  },
});
export type AuditLogEntry = InferEntity<typeof AuditLogSchema>;

export class Migration20261121300000AuditLog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table audit_log (
      id uuid primary key,
      action text not null,
      resource text not null,
      resource_id uuid not null,
      actor_id uuid not null,
      actor_role text not null,
      ip text null,
      request_id text null,
      subject_id uuid null,
      from_status text null,
      to_status text null,
      reason text null,
      created_at timestamptz not null)`);
    this.addSql('create index audit_log_resource_idx on audit_log (resource, resource_id, created_at)');
    this.addSql('create index audit_log_created_idx on audit_log (created_at desc, id)');
    this.addSql(`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`);
    this.addSql(`create trigger audit_log_append_only before update or delete or truncate on audit_log
      for each statement execute function audit_log_append_only()`);
  }
}

/** Edits are audited with what they changed (issue "Abuse-proof": offer changes, institutions). */
export class Migration20261125400000AuditLogChanges extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table audit_log add column changes jsonb null');
  }
}

/** The audit log's migrations, oldest first: each service that keeps an audit log lists them with its own. */
export const auditLogMigrations = [
  { name: 'Migration20261121300000AuditLog', class: Migration20261121300000AuditLog },
  { name: 'Migration20261125400000AuditLogChanges', class: Migration20261125400000AuditLogChanges },
];

export interface AuditInput {
  action: string;
  resource: string;
  resourceId: string;
  subjectId?: string | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  reason?: string | null;
  changes?: AuditChanges | null;
}

/** `{ field: { from, to } }`: what each changed field was and became, as JSON (a date as its ISO text). */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/** What a secret field reads as in the audit log: that it has a value, never the value. */
export const MASKED = '(hidden)';

/** A value as the audit log stores it: JSON, with nothing for undefined. */
const asJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * The `fields` whose values differ between `before` and `after` (a missing field counts as null, so `before = {}`
 * describes a creation). The values of `secret` fields are replaced by {@link MASKED}: the row says that they
 * changed, and whether they are set, but an append-only log never keeps a secret.
 */
export function changedFields<T extends object>(
  before: Partial<T>,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
  secret: readonly (keyof T & string)[] = [],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const from = asJson(before[field]);
    const to = asJson(after[field]);
    if (isDeepStrictEqual(from, to)) continue;
    const mask = (value: unknown) => (secret.includes(field) && value !== null ? MASKED : value);
    changes[field] = { from: mask(from), to: mask(to) };
  }
  return changes;
}

/** Who acts when nobody does: scheduled work such as the retention policies (`actorRole` 'system'). */
export const SYSTEM_ACTOR = { userId: '00000000-0000-0000-0000-000000000000', role: 'system' } as const;

function auditRow(
  em: EntityManager,
  actor: { userId: string; role: string; ip: string | null },
  requestId: string | null,
  entry: AuditInput,
): AuditLogEntry {
  return em.create(AuditLogSchema, {
    id: randomUUID(),
    actorId: actor.userId,
    actorRole: actor.role,
    ip: actor.ip,
    requestId,
    subjectId: entry.subjectId ?? null,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    reason: entry.reason ?? null,
    changes: entry.changes ?? null,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId,
    createdAt: new Date(),
  });
}

/** Adds an audit row to the caller's unit of work: it is stored by the same flush as the decision, or not at all. */
export function recordAudit(
  em: EntityManager,
  actor: Pick<Identity, 'userId' | 'role' | 'ip'>,
  requestId: string | null,
  entry: AuditInput,
): AuditLogEntry {
  if (!actor.userId || !actor.role) throw new Error('an audit row needs a signed-in actor');
  return auditRow(em, { userId: actor.userId, role: actor.role, ip: actor.ip || null }, requestId, entry);
}

/**
 * Adds an audit row for something the service did by itself (a scheduled deletion), with {@link SYSTEM_ACTOR} as the
 * actor, to the caller's unit of work like {@link recordAudit}.
 */
export function recordSystemAudit(
  em: EntityManager,
  requestId: string | null,
  entry: AuditInput,
): AuditLogEntry {
  return auditRow(em, { ...SYSTEM_ACTOR, ip: null }, requestId, entry);
}

/**
 * The audit row a service writes when it has erased (or anonymised) what it held about a deleted account: how many
 * of each kind it held before (`from`), none after (`to`), with the person or admin who deleted the account.
 */
export function recordErasure(
  em: EntityManager,
  actor: Pick<Identity, 'userId' | 'role'>,
  requestId: string | null,
  userId: string,
  outcome: 'erased' | 'anonymised',
  held: Record<string, number>,
): AuditLogEntry {
  const changes = Object.fromEntries(
    Object.entries(held).map(([kind, count]) => [kind, { from: count, to: 0 }]),
  );
  return recordAudit(em, { ...actor, ip: '' }, requestId, {
    action: 'erase-personal-data',
    resource: 'students',
    resourceId: userId,
    subjectId: userId,
    toStatus: outcome,
    changes,
  });
}

/** A service's audit log for staff, as its routes declare it (`auditLog` of @tullab/contracts); read-only by design. */
export function auditLogRoutes(em: EntityManager, routes: AuditLogRoutes): Router {
  const router = Router();
  bindRoute(router, routes.list, async ({ list }) => {
    const [items, total] = await em.fork().findAndCount(AuditLogSchema, list.where, {
      orderBy: list.orderBy,
      offset: list.offset,
      limit: list.limit,
    });
    return { items, total };
  });
  bindRoute(router, routes.entry, async ({ params }) => {
    const row = UUID.test(params.id) ? await em.fork().findOne(AuditLogSchema, { id: params.id }) : null;
    if (!row) throw new HttpError(404, 'Not found');
    return row;
  });
  return router;
}
