import type { ListQueryOptions } from '@tullab/http';
import { HttpError } from '@tullab/http';
import { z } from 'zod';
import { reportReasons } from './entities';

/** POST /offers/:id/reports */
export const reportBody = z.object({
  reason: z.enum(reportReasons, 'Please choose what went wrong'),
  text: z
    .string('The description must be text')
    .trim()
    .max(1000, 'The description must be at most 1000 characters')
    .optional()
    .transform((text) => text || null),
});
export type ReportBody = z.infer<typeof reportBody>;

/** What staff can do about a report: the decision's `outcome` names it. */
export const decisions = ['fresh-code', 'pause-offer', 'answer'] as const;
export type Decision = (typeof decisions)[number];

/** POST /admin/code-reports/:id/decision */
export const decisionBody = z.object({
  outcome: z.enum(decisions, 'The outcome must be fresh-code, pause-offer or answer'),
  message: z
    .string('Please write a message to the student')
    .trim()
    .min(3, 'Please write a message to the student')
    .max(2000, 'The message must be at most 2000 characters'),
});

const idParams = z.object({ id: z.uuid() });

export function reportIdOf(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new HttpError(404, 'Report not found');
  return parsed.data.id;
}

/** GET /admin/code-reports: `filter={"status":["open"],"offerId":"…","reason":"other"}`, newest first. */
export const listReportsOptions: ListQueryOptions = {
  sortable: ['createdAt', 'status', 'reason', 'decidedAt'],
  filterable: {
    status: 'in',
    offerId: 'uuid',
    reason: 'in',
    outcome: 'in',
    userId: 'uuid',
    createdAt_gte: 'gte',
    createdAt_lte: 'lte',
  },
  defaultSort: ['createdAt', 'DESC'],
};

/** An offer with at least this many open reports is flagged on the dashboard and its stats. */
export const FLAG_AT_OPEN_REPORTS = 3;
