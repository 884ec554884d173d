import type { CodeReportReceipt, ReportInput } from '@tullab/contracts';
import { offers } from '@tullab/contracts/route-table';
import { api, routeCall } from '@tullab/web-kit/api/client';

/** A "this code didn't work" report (issue 13 point 4) about one offer. */
type CodeReportInput = ReportInput & { offerId: string };

const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/offers/:id/reports`: only a student who revealed a code of the offer; staff answer by e-mail. */
    reportCode: build.mutation<CodeReportReceipt, CodeReportInput>({
      query: ({ offerId, reason, text }) =>
        routeCall(offers.reportCode, {
          params: { id: offerId },
          body: text?.trim() ? { reason, text: text.trim() } : { reason },
        }),
    }),
  }),
});

export const { useReportCodeMutation } = reportsApi;
