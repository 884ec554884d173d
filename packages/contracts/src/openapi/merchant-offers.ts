import { z } from 'zod';
import { funnelQuery, institutionsQuery, merchantReportAnswerBody } from '../merchant/portal.js';
import { fileField, type ApiRoute, routeGroup } from './route.js';

/** An answer described by the TypeScript interface of @tullab/contracts that it follows. */
const described = (name: string, description: string) =>
  z.looseObject({}).meta({ id: name, description: `${description} (\`${name}\` in @tullab/contracts)` });

const merchantOffer = described('MerchantOffer', "One of the brand's offers, its code pool and open reports");
const merchantReport = described('MerchantCodeReport', 'A report as the brand sees it');
const poolForm = z.object({
  file: fileField(
    'A CSV of codes: one per line, the first column; a header line `code` is skipped; at most 1 MB',
  ),
});
const reportsQuery = z.object({
  status: z
    .enum(['open', 'answered'], 'status must be open or answered')
    .optional()
    .meta({ description: 'only the reports of this status' }),
});

const pool = <const P extends string, A extends z.ZodType>(
  path: P,
  summary: string,
  description: string,
  answer: A,
) =>
  ({
    method: 'post',
    path,
    summary,
    description,
    access: 'merchant',
    upload: true,
    body: poolForm,
    answer,
    refusals: [409, 413],
  }) satisfies ApiRoute;

/** The merchant portal's offers API (issue 16, decision 016): everything about the caller's brand only. */
export const merchantOffers = routeGroup({
  owner: 'offers',
  tag: 'Merchant portal',
  description:
    "A merchant's brand, its offers, their funnel, students' institutions, code pools and code reports; another " +
    "brand's offer or report answers 404, as an unknown one (docs/decisions/016-merchant-portal.md)",
  routes: {
    brand: {
      method: 'get',
      path: '/merchant/brand',
      summary: "The merchant's brand",
      access: 'merchant',
      answer: described('MerchantBrand', 'The brand and its contact address'),
      refusals: [404],
    },
    brandOffers: {
      method: 'get',
      path: '/merchant/offers',
      summary: "The brand's offers, newest first (deleted ones left out)",
      access: 'merchant',
      answer: z.array(merchantOffer),
    },
    brandOffer: {
      method: 'get',
      path: '/merchant/offers/:id',
      summary: 'One of the brand’s offers',
      description:
        'With the current values of the fields an edit proposal replaces, to start the proposal from.',
      access: 'merchant',
      answer: described('MerchantOfferDetail', "One of the brand's offers and its proposable fields"),
    },
    pauseBrandOffer: {
      method: 'post',
      path: '/merchant/offers/:id/pause',
      summary: 'Pause a live offer at once',
      description: 'It leaves the catalogue as when staff pause it; only staff resume it. Not live: 409.',
      access: 'merchant',
      answer: merchantOffer,
      refusals: [409],
    },
    previewPool: pool(
      '/merchant/offers/:id/pool/preview',
      'Check a CSV of codes without importing it',
      'What importing the file would add, its malformed lines and its duplicates (in the file or the pool). ' +
        'Nothing changes. A referral offer has no pool: 409.',
      described('PoolPreview', 'What the file would add'),
    ),
    importPool: pool(
      '/merchant/offers/:id/pool',
      "Add a CSV's codes to the offer's pool",
      'Every code or none: any malformed line or duplicate is a 400 whose `errors` name the lines (`line 3`). ' +
        'A referral offer has no pool: 409.',
      described('PoolImport', 'How many codes were added, and the pool now'),
    ),
    funnel: {
      method: 'get',
      path: '/merchant/funnel',
      summary:
        'The funnel per day: views, reveals, code copies, referral clicks, redemptions, students, checkout orders and revenue',
      description:
        'Days are `YYYY-MM-DD` in Asia/Dubai, both included, at most 366; the last 30 days without dates. ' +
        'Without `offerId`, every offer of the brand summed.',
      access: 'merchant',
      query: funnelQuery,
      answer: described('Funnel', 'One row per day, with the totals'),
    },
    funnelCsv: {
      method: 'get',
      path: '/merchant/funnel.csv',
      summary: 'The funnel as a CSV file',
      description:
        'The same query and rows as `/merchant/funnel`, as `text/csv` with the header ' +
        '`day,views,reveals,code_copies,referral_clicks,redemptions,students,orders,revenue_aed`, to save as ' +
        '`tullab-funnel-<from>-<to>.csv` (`tullab-funnel-test-<from>-<to>.csv` with `mode=test`).',
      access: 'merchant',
      query: funnelQuery,
      file: 'The funnel, one line per day (text/csv)',
    },
    institutions: {
      method: 'get',
      path: '/merchant/institutions',
      summary: 'Where the students who revealed the brand’s codes in a month that has ended study',
      description:
        'Distinct students per institution over one whole calendar month that has ended in Asia/Dubai (`period`, ' +
        '`YYYY-MM`; the last one without it), for one offer or all the brand’s offers. Days (`from`, `to`) and the ' +
        'running month are a 400 naming the field. An institution is named with at least 5 students, and only when ' +
        'no other answer of the month (all offers, each offer) differs from it by 1 to 4 for that institution; ' +
        '`others` is rounded down to a multiple of 5. A month’s figures are worked out once, when first asked, and ' +
        'never change (docs/decisions/017-institution-figures-brands-cannot-difference.md). Counts only, never a person.',
      access: 'merchant',
      query: institutionsQuery,
      answer: described('InstitutionBreakdown', 'Students per institution'),
    },
    brandCodeReports: {
      method: 'get',
      path: '/merchant/code-reports',
      summary: "Students' reports of codes of the brand's offers, newest first",
      description: 'What was reported and answered, never who reported it.',
      access: 'merchant',
      query: reportsQuery,
      answer: z.array(merchantReport),
    },
    answerCodeReport: {
      method: 'post',
      path: '/merchant/code-reports/:id/answer',
      summary: 'Answer a report; the student is e-mailed in their language',
      description:
        '`fresh-code` also hands the student the next code of the offer’s pool (409 without one, or when it is ' +
        'empty). An answered report: 409.',
      access: 'merchant',
      body: merchantReportAnswerBody,
      answer: merchantReport,
      refusals: [409],
    },
  },
});
