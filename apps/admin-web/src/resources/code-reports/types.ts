import type { RaRecord } from 'react-admin';

/** A student's "this code didn't work" report (`/api/admin/code-reports`, issue 13 point 4). */
export interface CodeReportRecord extends RaRecord {
  id: string;
  offerId: string;
  offerTitle: string | null;
  brandName: string | null;
  offerStatus: string | null;
  offerReportsOpen: number;
  offerFlagged: boolean;
  userId: string;
  redemptionId: string;
  code: string | null;
  reason: 'code-rejected' | 'code-expired' | 'already-used' | 'other';
  text: string | null;
  reporterEmail: string | null;
  reporterFirstName: string | null;
  language: 'en' | 'ar';
  status: 'open' | 'answered';
  outcome: 'fresh-code' | 'offer-paused' | 'answered' | null;
  answer: string | null;
  freshCode: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/** `GET /api/admin/code-reports/summary`: what waits, and the offers flagged by 3 or more open reports. */
export interface CodeReportSummary {
  open: number;
  flaggedOffers: number;
  flagged: Array<{ offerId: string; title: string; brandName: string; reportsOpen: number }>;
}

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
