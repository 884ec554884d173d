import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { reportOutcomes, reportReasons, reportStatuses } from '@tullab/contracts';
import { languages } from '@tullab/http';

/**
 * A student's "this code didn't work" report (issue 13 point 4) about the code one of their redemptions gave, and what
 * staff did about it. The reporter's address, first name and language come from the identity header when they report
 * (offers knows a student by id only): the answer is e-mailed to them. Erased with the account (personal-data).
 */
export const CodeReportSchema = defineEntity({
  name: 'CodeReport',
  tableName: 'code_report',
  properties: {
    id: p.uuid().primary(),
    offerId: p.uuid(),
    userId: p.uuid(),
    redemptionId: p.uuid(),
    /** the code the student was given, as their redemption holds it */
    code: p.string().nullable(),
    reason: p.enum([...reportReasons]),
    text: p.text().nullable(),
    reporterEmail: p.string().nullable(),
    reporterFirstName: p.string().nullable(),
    language: p.enum([...languages]),
    status: p.enum([...reportStatuses]),
    outcome: p.enum([...reportOutcomes]).nullable(),
    /** what staff wrote to the student */
    answer: p.text().nullable(),
    /** the redemption a `fresh-code` decision made */
    freshRedemptionId: p.uuid().nullable(),
    decidedBy: p.uuid().nullable(),
    decidedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type CodeReport = InferEntity<typeof CodeReportSchema>;
