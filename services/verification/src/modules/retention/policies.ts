import type { RetentionPolicy } from '@tullab/retention';
import type { VerificationContext } from '../../context';
import { orphanedFileRetention } from './orphaned-files';
import { documentRetention } from './service';

/** Verification's retention policies: scheduled, and shown to staff at `/admin/retention/<id>`. */
export const retentionPolicies = (ctx: VerificationContext): RetentionPolicy[] => [
  documentRetention(ctx),
  orphanedFileRetention(ctx),
];
