import { z } from 'zod';

/** At most this many codes on one page of "My codes". */
export const MY_CODES_MAX_PER_PAGE = 50;

/** A whole number from 1 to `max`, as a query string carries it (one value, digits only). */
const wholeNumber = (name: string, max: number, fallback: number) =>
  z
    .string(`${name} must be one whole number`)
    .regex(/^\d{1,6}$/, `${name} must be a whole number from 1 to ${max}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `${name} must be a whole number from 1 to ${max}`)
    .optional()
    .transform((n) => n ?? fallback);

/**
 * GET /students/me/codes: `page` (from 1, default 1) and `perPage` (1 to 50, default 10). A bad value is a 400 naming
 * its field; other parameters are ignored.
 */
export const myCodesQuery = z.object({
  page: wholeNumber('page', 1_000_000, 1),
  perPage: wholeNumber('perPage', MY_CODES_MAX_PER_PAGE, 10),
});
export type MyCodesQuery = z.infer<typeof myCodesQuery>;

/**
 * Where the offer of a code stands (decision 013): `live` while students can redeem it, `paused` while staff hold it
 * back (paused, or a draft again), `expired` once it ended (past its expiry, expired, or deleted).
 */
export type CodeOfferState = 'live' | 'paused' | 'expired';

/**
 * One code the student was given (`GET /students/me/codes`): one redemption, newest first, with what the dashboard
 * shows of its offer. `Time` is `Date` in the service and an ISO string once it travelled as JSON.
 */
export interface MyCode<Time = string> {
  /** the redemption's id */
  id: string;
  offerId: string;
  title: string;
  /** the offer's Arabic title, when it has one */
  titleAr: string | null;
  brandName: string;
  logoUrl: string | null;
  offerType: 'discount' | 'referral';
  /** the code the redemption gave (decision 012), kept whatever the offer became; null for a referral link */
  code: string | null;
  /**
   * a referral offer's link, while the offer is live and the student active (what redeeming would answer now);
   * null otherwise: the link is the offer's, never stored on the redemption
   */
  referralLink: string | null;
  state: CodeOfferState;
  /** when the student revealed it */
  revealedAt: Time;
}

export interface MyCodesPage<Time = string> {
  data: MyCode<Time>[];
  total: number;
  page: number;
  perPage: number;
}
