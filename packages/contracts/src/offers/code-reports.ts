import { z } from 'zod';

export const reportReasons = ['code-rejected', 'code-expired', 'already-used', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportStatuses = ['open', 'answered'] as const;
export const reportOutcomes = ['fresh-code', 'offer-paused', 'answered'] as const;
export type ReportOutcome = (typeof reportOutcomes)[number];

/** The longest description of a report the server takes. */
export const REPORT_TEXT_MAX = 1000;

/** POST /offers/:id/reports */
export const reportBody = z.object({
  reason: z.enum(reportReasons, 'Please choose what went wrong'),
  text: z
    .string('The description must be text')
    .trim()
    .max(REPORT_TEXT_MAX, `The description must be at most ${REPORT_TEXT_MAX} characters`)
    .optional()
    .transform((text) => text || null),
});
export type ReportBody = z.infer<typeof reportBody>;
/** What a client sends as a report (`text` optional). */
export type ReportInput = z.input<typeof reportBody>;

/** What staff can do about a report: the decision's `outcome` names it. */
export const reportDecisions = ['fresh-code', 'pause-offer', 'answer'] as const;
export type ReportDecision = (typeof reportDecisions)[number];

/** POST /admin/code-reports/:id/decision */
export const reportDecisionBody = z.object({
  outcome: z.enum(reportDecisions, 'The outcome must be fresh-code, pause-offer or answer'),
  message: z
    .string('Please write a message to the student')
    .trim()
    .min(3, 'Please write a message to the student')
    .max(2000, 'The message must be at most 2000 characters'),
});

/** An offer with at least this many open reports is flagged on the dashboard and its stats. */
export const FLAG_AT_OPEN_REPORTS = 3;

/**
 * A report as staff see it (`/api/admin/code-reports`): the student's code, the offer it is about, and what was
 * decided. `Time` is `Date` where the service builds it and an ISO string once it travelled as JSON.
 */
export interface CodeReportAnswer<Time = string> {
  id: string;
  offerId: string;
  offerTitle: string | null;
  brandName: string | null;
  offerStatus: string | null;
  /** open reports of the offer, and whether that flags it */
  offerReportsOpen: number;
  offerFlagged: boolean;
  userId: string;
  redemptionId: string;
  code: string | null;
  reason: ReportReason;
  text: string | null;
  reporterEmail: string | null;
  reporterFirstName: string | null;
  language: 'en' | 'ar';
  status: (typeof reportStatuses)[number];
  outcome: ReportOutcome | null;
  answer: string | null;
  freshCode: string | null;
  decidedBy: string | null;
  decidedAt: Time | null;
  createdAt: Time;
}

/** `GET /api/admin/code-reports/summary`: what waits, and the offers flagged by 3 or more open reports. */
export interface CodeReportSummary {
  open: number;
  flaggedOffers: number;
  flagged: Array<{ offerId: string; title: string; brandName: string; reportsOpen: number }>;
}
