import type { RetentionPolicyView } from '@tullab/contracts';
import type { RaRecord } from 'react-admin';

export type { RetentionRunView as RetentionRun } from '@tullab/contracts';

/** A retention policy as a react-admin record. */
export interface RetentionPolicyRecord extends RaRecord, RetentionPolicyView {
  id: string;
}
