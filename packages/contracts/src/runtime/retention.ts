/** What started a retention run: the schedule, or staff pressing "Run now". */
export const retentionTriggers = ['schedule', 'staff'] as const;

export type RetentionTrigger = (typeof retentionTriggers)[number];

/** One run of a policy as the console reads it (dates as ISO strings). */
export interface RetentionRunView {
  id: string;
  policy: string;
  trigger: RetentionTrigger;
  /** the staff member who pressed "Run now"; null for a scheduled run */
  actorId: string | null;
  days: number;
  cutoff: string;
  removed: number;
  /** nothing due was left when it ended (false: the batch cap or an error stopped it) */
  complete: boolean;
  error: string | null;
  startedAt: string;
  finishedAt: string;
}

/**
 * A retention policy (`GET /admin/retention/<id>`): what it removes, after how long, and its last runs. `Run` is the
 * run as the service holds it (its entity) or as the console receives it ({@link RetentionRunView}).
 */
export interface RetentionPolicyView<Run = RetentionRunView> {
  id: string;
  title: string;
  description: string;
  days: number;
  /** the period in minutes, for a policy counted in minutes (orphaned files; `days` is then 0); otherwise null */
  minutes: number | null;
  /** what the period counts from, e.g. 'after the decision' */
  since: string;
  lastRun: Run | null;
  /** the last run that removed anything */
  lastRemoval: Run | null;
}
