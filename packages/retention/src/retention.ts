import { randomUUID } from 'node:crypto';
import { defineEntity, p, type EntityManager, type InferEntity, type MikroORM } from '@mikro-orm/core';
import { Router } from 'express';
import {
  retentionTriggers,
  type RetentionPolicyView,
  type RetentionRoutes,
  type RetentionTrigger,
} from '@tullab/contracts';
import { Migration } from '@tullab/db';
import type { ScheduledTask } from '@tullab/events';
import { bindRoute, HttpError, type Identity } from '@tullab/http';
import type { Logger } from '@tullab/log';
import { recordAudit } from '@tullab/audit-log';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;

/** What one batch of a policy is given. */
export interface RetentionBatch {
  /** items that became due at or before this instant are removed */
  cutoff: Date;
  /** at most this many items in this batch */
  limit: number;
  now: Date;
  /** the staff call that started the run, if one did (for the audit rows) */
  requestId: string | null;
  /** the audit rows' reason: which policy removed the item, e.g. "Retention: 30 days after the decision" */
  reason: string;
}

/**
 * Personal data a service removes after a period (issue 11 pt 5): student documents, sent mail bodies, contact
 * messages. `removeBatch` removes up to `limit` due items in one transaction, each with its audit row (actor: the
 * system), skipping rows another run holds, and answers how many it removed; an item it removed is never due again,
 * so a repeated or overlapping run removes nothing twice.
 */
export interface RetentionPolicy {
  /** in URLs, task names and the run log: `documents`, `mail-bodies`, … */
  id: string;
  /** what staff read */
  title: string;
  /** what is removed and what stays */
  description: string;
  /** how long items are kept (0: removed at the next run) */
  days: number;
  /**
   * a period counted in minutes instead, for what is never due for long (files no request points at): it replaces
   * `days`, which is then 0 (and so is each run's `days`; its `cutoff` says when exactly)
   */
  minutes?: number;
  /** what the period counts from: "after the decision" */
  since: string;
  removeBatch(em: EntityManager, batch: RetentionBatch): Promise<number>;
  /** where staff read and run it, as the owning service's routes declare it (`retention` of @tullab/contracts) */
  routes: RetentionRoutes;
}

/** One run of a policy: when, started by whom, how many items it removed, and whether it stopped early. */
export const RetentionRunSchema = defineEntity({
  name: 'RetentionRun',
  tableName: 'retention_run',
  properties: {
    id: p.uuid().primary(),
    policy: p.string(),
    trigger: p.enum([...retentionTriggers]),
    /** the staff member who pressed "Run now"; null for a scheduled run */
    actorId: p.uuid().nullable(),
    days: p.integer(),
    cutoff: p.datetime(),
    removed: p.integer(),
    /** nothing due was left when it ended (false: the batch cap or an error stopped it) */
    complete: p.boolean(),
    error: p.text().nullable(),
    startedAt: p.datetime(),
    finishedAt: p.datetime(),
  },
});
export type RetentionRun = InferEntity<typeof RetentionRunSchema>;

export class Migration20261126100000RetentionRuns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table retention_run (
      id uuid primary key,
      policy text not null,
      trigger text not null check (trigger in ('schedule', 'staff')),
      actor_id uuid null,
      days integer not null,
      cutoff timestamptz not null,
      removed integer not null,
      complete boolean not null,
      error text null,
      started_at timestamptz not null,
      finished_at timestamptz not null)`);
    this.addSql('create index retention_run_policy_idx on retention_run (policy, started_at desc)');
  }
}

/** The run log's migrations: each service with retention policies lists them with its own. */
export const retentionMigrations = [
  { name: 'Migration20261126100000RetentionRuns', class: Migration20261126100000RetentionRuns },
];

/** Items per transaction, and batches per run: a run holds few row locks at a time and ends; the next run goes on. */
export const RETENTION_BATCH = 100;
export const RETENTION_MAX_BATCHES = 50;
/** A run staff start waits for its answer: it stops sooner, well within the gateway's upstream timeout. */
export const RETENTION_STAFF_MAX_BATCHES = 10;
/** Runs that removed nothing are forgotten after this long; runs that removed something are kept. */
const EMPTY_RUNS_KEPT_MS = 7 * DAY_MS;

export interface RunRetentionOptions {
  trigger: RetentionTrigger;
  /** the staff member, when `trigger` is 'staff' */
  actor?: Identity;
  requestId?: string | null;
  log: Logger;
  now?: Date;
  batchSize?: number;
  maxBatches?: number;
}

/**
 * A batch that removed some items before it failed, thrown by `removeBatch` once those removals are committed (an
 * object deleted from a bucket cannot be rolled back): the run counts them, and is recorded with the error.
 */
export class RetentionBatchError extends Error {
  constructor(
    readonly removed: number,
    cause: Error,
  ) {
    super(cause.message, { cause });
  }
}

/** A run that a failing batch ended; it was recorded, with what it removed before. */
export class RetentionRunError extends Error {
  constructor(
    readonly run: RetentionRun,
    cause: Error,
  ) {
    super(cause.message, { cause });
  }
}

/** The instant before which a policy's items are due. */
export const retentionCutoff = (policy: Pick<RetentionPolicy, 'days' | 'minutes'>, now: Date) =>
  new Date(
    now.getTime() - (policy.minutes === undefined ? policy.days * DAY_MS : policy.minutes * MINUTE_MS),
  );

/** The period as staff and the audit rows read it: "30 days", "60 minutes". */
export const retentionPeriod = (policy: Pick<RetentionPolicy, 'days' | 'minutes'>) =>
  policy.minutes === undefined ? `${policy.days} days` : `${policy.minutes} minutes`;

/**
 * Runs a policy: batches until one comes back short (nothing due is left) or `maxBatches` ran, then records the run
 * (a staff run also with an audit row naming who started it). A failing batch ends the run: the run is recorded
 * with its error and the error thrown; what earlier batches removed stays removed, and the next run goes on.
 */
export async function runRetention(
  em: EntityManager,
  policy: RetentionPolicy,
  options: RunRetentionOptions,
): Promise<RetentionRun> {
  const now = options.now ?? new Date();
  const startedAt = new Date();
  const limit = options.batchSize ?? RETENTION_BATCH;
  const maxBatches = options.maxBatches ?? RETENTION_MAX_BATCHES;
  const cutoff = retentionCutoff(policy, now);
  const batch: RetentionBatch = {
    cutoff,
    limit,
    now,
    requestId: options.requestId ?? null,
    reason: `Retention: ${retentionPeriod(policy)} ${policy.since}`,
  };
  let removed = 0;
  let complete = false;
  let failure: Error | null = null;
  try {
    for (let i = 0; i < maxBatches && !complete; i += 1) {
      const count = await policy.removeBatch(em.fork(), batch);
      removed += count;
      complete = count < limit;
    }
  } catch (err) {
    failure = err as Error;
    if (err instanceof RetentionBatchError) removed += err.removed;
  }
  const run = await em.fork().transactional(async (tx) => {
    const row = tx.create(RetentionRunSchema, {
      id: randomUUID(),
      policy: policy.id,
      trigger: options.trigger,
      actorId: options.actor?.userId ?? null,
      days: policy.days,
      cutoff,
      removed,
      complete,
      error: failure ? failure.message.slice(0, 2000) : null,
      startedAt,
      finishedAt: new Date(),
    });
    if (options.trigger === 'staff' && options.actor)
      recordAudit(tx, options.actor, batch.requestId, {
        action: 'run-retention',
        resource: 'retention-runs',
        resourceId: row.id,
        reason: `${policy.title}: removed ${removed}`,
      });
    await tx.nativeDelete(RetentionRunSchema, {
      policy: policy.id,
      removed: 0,
      startedAt: { $lt: new Date(startedAt.getTime() - EMPTY_RUNS_KEPT_MS) },
    });
    return row;
  });
  const fields = { policy: policy.id, trigger: options.trigger, days: policy.days, removed, complete };
  if (failure) {
    options.log.error({ ...fields, err: failure.message }, 'retention run stopped');
    throw new RetentionRunError(run, failure);
  }
  if (removed || options.trigger === 'staff') options.log.info(fields, 'retention run');
  return run;
}

/** A policy as the console shows it (`GET /admin/retention/<id>`). */
export type RetentionPolicyRecord = RetentionPolicyView<RetentionRun>;

export async function retentionRecord(
  em: EntityManager,
  policy: RetentionPolicy,
): Promise<RetentionPolicyRecord> {
  const [lastRun, lastRemoval] = await Promise.all([
    em.findOne(RetentionRunSchema, { policy: policy.id }, { orderBy: { startedAt: 'desc' } }),
    em.findOne(
      RetentionRunSchema,
      { policy: policy.id, removed: { $gt: 0 } },
      { orderBy: { startedAt: 'desc' } },
    ),
  ]);
  const { id, title, description, days, since } = policy;
  return { id, title, description, days, minutes: policy.minutes ?? null, since, lastRun, lastRemoval };
}

/**
 * For staff, per policy: `GET /admin/retention/<id>` (the policy, its period and its last runs) and
 * `POST /admin/retention/<id>/run` ("Run now": runs it at once, at most {@link RETENTION_STAFF_MAX_BATCHES} batches,
 * and answers the record with this run).
 */
export function retentionRoutes(em: EntityManager, policies: RetentionPolicy[], log: Logger): Router {
  const router = Router();
  for (const policy of policies) {
    bindRoute(router, policy.routes.policy, () => retentionRecord(em.fork(), policy));
    bindRoute(router, policy.routes.run, async (_input, req) => {
      const run = await runRetention(em, policy, {
        trigger: 'staff',
        actor: req.identity,
        requestId: req.get('x-request-id') ?? null,
        log,
        maxBatches: RETENTION_STAFF_MAX_BATCHES,
      }).catch((err: unknown) => {
        if (!(err instanceof RetentionRunError)) throw err;
        throw new HttpError(
          503,
          `The run stopped after removing ${err.run.removed} items (${err.message}). ` +
            'The next scheduled run goes on from there.',
        );
      });
      log.debug({ policy: policy.id, runId: run.id }, 'retention run by staff');
      return retentionRecord(em.fork(), policy);
    });
  }
  return router;
}

/** One scheduled task per policy (`retention-<id>`), run once per tick however many replicas run. */
export function retentionTasks(
  orm: Pick<MikroORM, 'em'>,
  policies: RetentionPolicy[],
  everyMs: number,
): ScheduledTask[] {
  return policies.map((policy) => ({
    name: `retention-${policy.id}`,
    everyMs,
    run: async (log) => {
      await runRetention(orm.em, policy, { trigger: 'schedule', log });
    },
  }));
}
