import type { RaRecord } from 'react-admin';

/** One staff decision or account action (an append-only row of a service's `audit_log`). */
export interface AuditRecord extends RaRecord {
  id: string;
  action: string;
  resource: string;
  resourceId: string;
  actorId: string;
  actorRole: string;
  ip: string | null;
  requestId: string | null;
  subjectId: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string | null;
  /** the fields an edit changed, `{ field: { from, to } }` (secrets masked by the service) */
  changes: Record<string, { from: unknown; to: unknown }> | null;
  createdAt: string;
}
