import { z } from 'zod';
import { brandAppModes, type BrandAppMode } from './apps.js';
import { dayField, monthField } from './days.js';
import type { proposalFields } from './proposals.js';

/**
 * The merchant portal's offers API (issue 16, decision 016), kept by offers under `/merchant/*`: every answer is about
 * the caller's brand only (the brand named by their signed identity); another brand's offer or report is a 404.
 */

/** Where a student's code comes from (decision 012). */
export const codeSources = ['pool', 'own', 'generated', 'referral'] as const;
export type CodeSource = (typeof codeSources)[number];

/** GET /merchant/brand */
export interface MerchantBrand {
  id: string;
  name: string;
  contactEmail: string;
}

/** GET /merchant/offers (newest first); GET /merchant/offers/:id answers a `MerchantOfferDetail` */
export interface MerchantOffer {
  id: string;
  title: string;
  titleAr: string | null;
  status: 'draft' | 'live' | 'paused' | 'expired' | 'archived';
  offerType: 'discount' | 'referral';
  codeSource: CodeSource;
  /** the pool's size and what is left of it; null without a pool */
  codesTotal: number | null;
  codesLeft: number | null;
  /** the pool runs low (the low-pool e-mail went or goes to the brand's contact) */
  poolLow: boolean;
  reportsOpen: number;
  expiresAt: string | null;
  createdAt: string;
}

/**
 * An offer's current values of the fields a proposal replaces (`proposalFields`), as the proposal form sends them
 * back (the expiry as an ISO date-time): proposing an edit starts from them. `code` is the brand's own code, which
 * the brand gave; never the generated code or the pool's codes.
 */
export type MerchantOfferFields = Omit<z.output<typeof proposalFields>, 'expiresAt'> & {
  expiresAt: string | null;
};

/** GET /merchant/offers/:id: the offer with its proposable fields. */
export interface MerchantOfferDetail extends MerchantOffer {
  fields: MerchantOfferFields;
}

/**
 * GET /merchant/funnel?offerId=&from=&to= (days `YYYY-MM-DD`, Asia/Dubai, both included; `offerId` optional: every
 * offer of the brand summed). At most FUNNEL_MAX_DAYS days; without dates, the last 30 days.
 * GET /merchant/funnel.csv takes the same query and answers the same rows as `text/csv`.
 */
export const FUNNEL_MAX_DAYS = 366;
export const funnelQuery = z.object({
  offerId: z.uuid('offerId must be an offer id').optional(),
  from: dayField('from').optional(),
  to: dayField('to').optional(),
  /**
   * `live` (the default): what students did, live checkouts included; `test`: only what the brand's test apps'
   * checkouts redeemed and reported (issue 30), to see an integration work before going live
   */
  mode: z.enum(brandAppModes, 'mode is live or test').default('live'),
});
export type FunnelQuery = z.infer<typeof funnelQuery>;

/** One day of an offer's (or the brand's) funnel; every figure counts people, not calls (decision 008). */
export interface FunnelDay {
  day: string;
  /** students and visitors who opened the offer */
  views: number;
  /** students who revealed a code or link for the first time */
  reveals: number;
  /** students and visitors who copied the code */
  codeCopies: number;
  /** students and visitors who followed the referral link */
  referralClicks: number;
  /** codes handed out (a pool offer may give one student several; fresh codes for reports count) */
  redemptions: number;
  /** distinct students who did any of the above with the offer that day */
  students: number;
  /** orders brands' live checkouts reported for redemptions of the offer (Verify with Tullab, issue 30) */
  orders: number;
  /** those orders' amounts, in AED */
  revenue: number;
}
export interface Funnel {
  from: string;
  to: string;
  offerId: string | null;
  /** whose figures: students' and live checkouts', or only test apps' checkouts (`funnelQuery.mode`) */
  mode: BrandAppMode;
  days: FunnelDay[];
  totals: Omit<FunnelDay, 'day' | 'students'>;
}

/**
 * GET /merchant/institutions?period=YYYY-MM&offerId=: where the students who revealed the brand's codes in one whole
 * month that has ended (Asia/Dubai) study, counted once each, for one offer or all the brand's offers (decision 017).
 * Without `period`, the last month that has ended. Days (`from`, `to`) and a month not yet over are a 400 naming the
 * field: two answers that differ by a day would single out the students of that day.
 */
export const institutionsQuery = z.object({
  offerId: z.uuid('offerId must be an offer id').optional(),
  period: monthField('period').optional(),
});
export type InstitutionsQuery = z.infer<typeof institutionsQuery>;

/**
 * An institution is named only with at least INSTITUTION_MIN_STUDENTS students, and only when no other answer of the
 * same month (all offers, each offer) differs from it by 1 to INSTITUTION_MIN_STUDENTS - 1 students for that
 * institution; `others` is rounded down to a multiple of INSTITUTION_MIN_STUDENTS (decision 017).
 */
export const INSTITUTION_MIN_STUDENTS = 5;
export interface InstitutionBreakdown {
  /** the month, `YYYY-MM` */
  period: string;
  /** its first and last day, both included */
  from: string;
  to: string;
  offerId: string | null;
  institutions: Array<{ institution: string; students: number }>;
  /**
   * the students not counted above (institutions not named, or unknown), rounded down to a multiple of
   * INSTITUTION_MIN_STUDENTS: 0 means fewer than INSTITUTION_MIN_STUDENTS, 10 means 10 to 14
   */
  others: number;
}

/**
 * POST /merchant/offers/:id/pool/preview and POST /merchant/offers/:id/pool: multipart with one `file`, a CSV of codes
 * (one per line, the first column; a header line `code` is skipped), at most POOL_CSV_MAX_BYTES. The preview changes
 * nothing; the import adds every code or none (any invalid line or duplicate: 400 naming the lines).
 */
export const POOL_CSV_MAX_BYTES = 1024 * 1024;
export interface PoolPreview {
  /** codes that would be added */
  valid: number;
  /** the first codes, to check the file is the right one */
  sample: string[];
  invalid: Array<{ line: number; value: string; message: string }>;
  /** codes repeated in the file, or already in this offer's pool (another brand's codes are never looked at) */
  duplicates: Array<{ line: number; value: string }>;
  /** what the pool holds now */
  codesTotal: number;
  codesLeft: number;
}
export interface PoolImport {
  added: number;
  codesTotal: number;
  codesLeft: number;
}

/** GET /merchant/code-reports?status=open|answered: reports about the brand's offers, newest first; no personal data. */
export interface MerchantCodeReport {
  id: string;
  offerId: string;
  offerTitle: string;
  reason: 'code-rejected' | 'code-expired' | 'already-used' | 'other';
  text: string | null;
  code: string | null;
  status: 'open' | 'answered';
  outcome: 'fresh-code' | 'offer-paused' | 'answered' | null;
  answer: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/**
 * POST /merchant/code-reports/:id/answer: the merchant's answer, e-mailed to the student in their language; a pool
 * offer's merchant may hand them a fresh code with it (`fresh-code`).
 */
export const merchantReportAnswerBody = z.object({
  outcome: z.enum(['answer', 'fresh-code'], 'The outcome must be answer or fresh-code').default('answer'),
  message: z
    .string('Please write a message to the student')
    .trim()
    .min(3, 'Please write a message to the student')
    .max(2000, 'The message must be at most 2000 characters'),
});
export type MerchantReportAnswerBody = z.infer<typeof merchantReportAnswerBody>;
