import type { MyCodesPage } from '@tullab/contracts';
import { offers } from '@tullab/contracts/route-table';
import { api, routeCall } from '@tullab/web-kit/api/client';

export type { CodeOfferState, MyCode, MyCodesPage } from '@tullab/contracts';

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
      query: ({ page, perPage }) => routeCall(offers.myCodes, { query: { page, perPage } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetMyCodesQuery } = myCodesApi;
