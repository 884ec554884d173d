import type { RaRecord } from 'react-admin';

/** The policies the console lists, each served by the service that keeps the data (`/api/admin/retention/<id>`). */
export const RETENTION_POLICIES = ['documents', 'orphaned-files', 'mail-bodies', 'contact-messages'] as const;

/** One run of a policy, scheduled or started by staff. */
export interface RetentionRun {
  id: string;
  policy: string;
  trigger: 'schedule' | 'staff';
  actorId: string | null;
  days: number;
  cutoff: string;
  removed: number;
  /** nothing due was left when it ended */
  complete: boolean;
  error: string | null;
  startedAt: string;
  finishedAt: string;
}

/** A retention policy: what it removes, after how long, and its last runs. */
export interface RetentionPolicyRecord extends RaRecord {
  id: string;
  title: string;
  description: string;
  days: number;
  /** the period in minutes, for a policy counted in minutes (orphaned files; `days` is then 0); otherwise null */
  minutes: number | null;
  /** what the period counts from: 'after the decision' */
  since: string;
  lastRun: RetentionRun | null;
  /** the last run that removed anything */
  lastRemoval: RetentionRun | null;
}
