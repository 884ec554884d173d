import { api } from '../../app/api';

/** Why a revealed code did not work (issue 13 point 4); the server's `code_report.reason`. */
export const reportReasons = ['code-rejected', 'code-expired', 'already-used', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

/** The longest description the server takes. */
export const REPORT_TEXT_MAX = 1000;

export interface CodeReportInput {
  offerId: string;
  reason: ReportReason;
  text?: string;
}

export interface CodeReportReceipt {
  id: string;
  status: 'open' | 'answered';
}

const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/offers/:id/reports`: only a student who revealed a code of the offer; staff answer by e-mail. */
    reportCode: build.mutation<CodeReportReceipt, CodeReportInput>({
      query: ({ offerId, reason, text }) => ({
        url: `offers/${encodeURIComponent(offerId)}/reports`,
        method: 'POST',
        body: text?.trim() ? { reason, text: text.trim() } : { reason },
      }),
    }),
  }),
});

export const { useReportCodeMutation } = reportsApi;
