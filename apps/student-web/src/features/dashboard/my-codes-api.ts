import { api } from '../../app/api';

/** Where the offer of a code stands (decision 013): in the catalogue, held back by staff, or ended. */
export type CodeOfferState = 'live' | 'paused' | 'expired';

/** One code the student revealed (`GET /api/students/me/codes`, issue 13 point 2). */
export interface MyCode {
  /** the redemption's id */
  id: string;
  offerId: string;
  title: string;
  /** the offer's Arabic title, when it has one (shown on an Arabic page, localised.ts) */
  titleAr: string | null;
  brandName: string;
  logoUrl: string | null;
  offerType: 'discount' | 'referral';
  /** the code the student was given; null for a referral offer */
  code: string | null;
  /** a referral offer's link, while the offer is live and the student verified; null otherwise */
  referralLink: string | null;
  state: CodeOfferState;
  /** when the student revealed it (ISO date) */
  revealedAt: string;
}

export interface MyCodesPage {
  data: MyCode[];
  total: number;
  page: number;
  perPage: number;
}

export interface MyCodesArgs {
  page: number;
  perPage: number;
}

const myCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One page of the signed-in student's codes, newest first. Not kept once the dashboard is left
     * (`keepUnusedDataFor: 0`), so a code revealed meanwhile shows on the next visit.
     */
    getMyCodes: build.query<MyCodesPage, MyCodesArgs>({
      query: ({ page, perPage }) => `students/me/codes?page=${page}&perPage=${perPage}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetMyCodesQuery } = myCodesApi;
