import type { CodeReportAnswer } from '@tullab/contracts';
import type { RaRecord } from 'react-admin';

/** A student's "this code didn't work" report (`/api/admin/code-reports`, issue 13 point 4). */
export type CodeReportRecord = RaRecord & CodeReportAnswer;

export const reasonLabels: Record<CodeReportRecord['reason'], string> = {
  'code-rejected': 'Code rejected',
  'code-expired': 'Code expired',
  'already-used': 'Already used',
  other: 'Other',
};

export const reportStatusLabels: Record<CodeReportRecord['status'], string> = {
  open: 'Open',
  answered: 'Answered',
};

export const outcomeLabels: Record<NonNullable<CodeReportRecord['outcome']>, string> = {
  'fresh-code': 'Fresh code sent',
  'offer-paused': 'Offer paused',
  answered: 'Answered',
};
