import type {
  AcceptMerchantInvitationBody,
  Funnel,
  InstitutionBreakdown,
  InviteColleagueBody,
  MerchantBrand,
  MerchantCodeReport,
  MerchantColleague,
  MerchantInvitation,
  MerchantOffer,
  MerchantOfferDetail,
  MerchantReportAnswerBody,
  OfferProposalAnswer,
  PoolImport,
  PoolPreview,
} from '@tullab/contracts';
import { api, unwrapUser, type User, type UserResponse } from '@tullab/web-kit/api/client';

/** What the funnel is asked for: one offer or all of them, over a range of days. */
export interface FunnelArgs {
  offerId?: string;
  from: string;
  to: string;
}

/** The query string of a funnel call (also the CSV link's). */
export function funnelSearch({ offerId, from, to }: FunnelArgs): string {
  const query = new URLSearchParams();
  if (offerId) query.set('offerId', offerId);
  query.set('from', from);
  query.set('to', to);
  return query.toString();
}

/** What the institutions are asked for: one offer or all of them, over a month that has ended (decision 017). */
export interface InstitutionsArgs {
  offerId?: string;
  period: string;
}

/** The query string of an institutions call. */
export function institutionsSearch({ offerId, period }: InstitutionsArgs): string {
  const query = new URLSearchParams();
  if (offerId) query.set('offerId', offerId);
  query.set('period', period);
  return query.toString();
}

/** The address of the funnel as CSV: a plain download link (the session cookie goes with it). */
export const funnelCsvHref = (args: FunnelArgs) => `/api/merchant/funnel.csv?${funnelSearch(args)}`;

/**
 * A list answer: the contracts name the items only, so a bare array and an object holding one array (`{ offers }`,
 * `{ items }`) are both taken.
 */
export function asList<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object') {
    const list = Object.values(body).find(Array.isArray);
    if (list) return list as T[];
  }
  return [];
}

const fileBody = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return body;
};

/** The merchant portal's calls (issue 16, decision 016): every answer is about the caller's brand only. */
export const merchantApi = api
  .enhanceEndpoints({
    addTagTypes: ['MerchantOffers', 'MerchantReports', 'MerchantProposals', 'Colleagues', 'Invitations'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      acceptMerchantInvitation: build.mutation<User, AcceptMerchantInvitationBody>({
        query: (body) => ({ url: 'auth/accept-merchant-invitation', method: 'POST', body }),
        transformResponse: (body: UserResponse) => unwrapUser(body),
        invalidatesTags: ['User', 'Profile', 'Offers'],
      }),
      getMerchantBrand: build.query<MerchantBrand, void>({ query: () => 'merchant/brand' }),
      getMerchantOffers: build.query<MerchantOffer[], void>({
        query: () => 'merchant/offers',
        transformResponse: asList<MerchantOffer>,
        providesTags: ['MerchantOffers'],
      }),
      getMerchantOffer: build.query<MerchantOfferDetail, string>({
        query: (id) => `merchant/offers/${encodeURIComponent(id)}`,
        providesTags: ['MerchantOffers'],
      }),
      pauseMerchantOffer: build.mutation<unknown, string>({
        query: (id) => ({ url: `merchant/offers/${encodeURIComponent(id)}/pause`, method: 'POST' }),
        invalidatesTags: ['MerchantOffers'],
      }),
      getFunnel: build.query<Funnel, FunnelArgs>({
        query: (args) => `merchant/funnel?${funnelSearch(args)}`,
        // figures change all day: each visit asks again
        keepUnusedDataFor: 0,
      }),
      getInstitutions: build.query<InstitutionBreakdown, InstitutionsArgs>({
        query: (args) => `merchant/institutions?${institutionsSearch(args)}`,
      }),
      previewPool: build.mutation<PoolPreview, { offerId: string; file: File }>({
        query: ({ offerId, file }) => ({
          url: `merchant/offers/${encodeURIComponent(offerId)}/pool/preview`,
          method: 'POST',
          body: fileBody(file),
        }),
      }),
      importPool: build.mutation<PoolImport, { offerId: string; file: File }>({
        query: ({ offerId, file }) => ({
          url: `merchant/offers/${encodeURIComponent(offerId)}/pool`,
          method: 'POST',
          body: fileBody(file),
        }),
        invalidatesTags: ['MerchantOffers'],
      }),
      getCodeReports: build.query<MerchantCodeReport[], 'open' | 'answered'>({
        query: (status) => `merchant/code-reports?status=${status}`,
        transformResponse: asList<MerchantCodeReport>,
        providesTags: ['MerchantReports'],
      }),
      answerCodeReport: build.mutation<unknown, { id: string } & MerchantReportAnswerBody>({
        query: ({ id, ...body }) => ({
          url: `merchant/code-reports/${encodeURIComponent(id)}/answer`,
          method: 'POST',
          body,
        }),
        invalidatesTags: ['MerchantReports', 'MerchantOffers'],
      }),
      getProposals: build.query<OfferProposalAnswer[], void>({
        query: () => 'merchant/offer-proposals',
        transformResponse: asList<OfferProposalAnswer>,
        providesTags: ['MerchantProposals'],
      }),
      createProposal: build.mutation<OfferProposalAnswer, FormData>({
        query: (body) => ({ url: 'merchant/offer-proposals', method: 'POST', body }),
        invalidatesTags: ['MerchantProposals'],
      }),
      withdrawProposal: build.mutation<unknown, string>({
        query: (id) => ({
          url: `merchant/offer-proposals/${encodeURIComponent(id)}/withdraw`,
          method: 'POST',
        }),
        invalidatesTags: ['MerchantProposals'],
      }),
      getColleagues: build.query<MerchantColleague[], void>({
        query: () => 'merchant/colleagues',
        transformResponse: asList<MerchantColleague>,
        providesTags: ['Colleagues'],
      }),
      getInvitations: build.query<MerchantInvitation[], void>({
        query: () => 'merchant/invitations',
        transformResponse: asList<MerchantInvitation>,
        providesTags: ['Invitations'],
      }),
      // an invitation is not an account (T24): the team changes only when one is accepted
      inviteColleague: build.mutation<MerchantInvitation, InviteColleagueBody>({
        query: (body) => ({ url: 'merchant/invitations', method: 'POST', body }),
        invalidatesTags: ['Invitations'],
      }),
      resendInvitation: build.mutation<MerchantInvitation, string>({
        query: (id) => ({ url: `merchant/invitations/${encodeURIComponent(id)}/resend`, method: 'POST' }),
        invalidatesTags: ['Invitations'],
      }),
      revokeInvitation: build.mutation<unknown, string>({
        query: (id) => ({ url: `merchant/invitations/${encodeURIComponent(id)}/revoke`, method: 'POST' }),
        invalidatesTags: ['Invitations'],
      }),
    }),
  });

export const {
  useAcceptMerchantInvitationMutation,
  useGetMerchantBrandQuery,
  useGetMerchantOffersQuery,
  useGetMerchantOfferQuery,
  usePauseMerchantOfferMutation,
  useGetFunnelQuery,
  useGetInstitutionsQuery,
  usePreviewPoolMutation,
  useImportPoolMutation,
  useGetCodeReportsQuery,
  useAnswerCodeReportMutation,
  useGetProposalsQuery,
  useCreateProposalMutation,
  useWithdrawProposalMutation,
  useGetColleaguesQuery,
  useGetInvitationsQuery,
  useInviteColleagueMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} = merchantApi;
