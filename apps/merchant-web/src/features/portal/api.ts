import type {
  AcceptMerchantInvitationBody,
  BrandAppAnswer,
  BrandAppWithSecret,
  CreateBrandAppBody,
  BrandAppMode,
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
  UpdateBrandAppBody,
} from '@tullab/contracts';
import {
  brandApps as apps,
  merchantAccounts as team,
  merchantOffers as brand,
  offerProposals as proposals,
} from '@tullab/contracts/route-table';
import {
  api,
  callUrl,
  routeCall,
  unwrapUser,
  type User,
  type UserResponse,
} from '@tullab/web-kit/api/client';

/** What the funnel is asked for: one offer or all of them, over a range of days, live or test apps' (issue 30). */
export interface FunnelArgs {
  offerId?: string;
  from: string;
  to: string;
  mode?: BrandAppMode;
}

/** What the institutions are asked for: one offer or all of them, over a month that has ended (decision 017). */
export interface InstitutionsArgs {
  offerId?: string;
  period: string;
}

/** The address of the funnel as CSV: a plain download link (the session cookie goes with it). */
export const funnelCsvHref = ({ offerId, from, to, mode }: FunnelArgs) =>
  callUrl(routeCall(brand.funnelCsv, { query: { offerId: offerId || undefined, from, to, mode } }));

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
    addTagTypes: [
      'MerchantOffers',
      'MerchantReports',
      'MerchantProposals',
      'Colleagues',
      'Invitations',
      'BrandApps',
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      acceptMerchantInvitation: build.mutation<User, AcceptMerchantInvitationBody>({
        query: (body) => routeCall(team.acceptInvitation, { body }),
        transformResponse: (body: UserResponse) => unwrapUser(body),
        invalidatesTags: ['User', 'Profile', 'Offers'],
      }),
      getMerchantBrand: build.query<MerchantBrand, void>({ query: () => routeCall(brand.brand) }),
      getMerchantOffers: build.query<MerchantOffer[], void>({
        query: () => routeCall(brand.brandOffers),
        transformResponse: asList<MerchantOffer>,
        providesTags: ['MerchantOffers'],
      }),
      getMerchantOffer: build.query<MerchantOfferDetail, string>({
        query: (id) => routeCall(brand.brandOffer, { params: { id } }),
        providesTags: ['MerchantOffers'],
      }),
      pauseMerchantOffer: build.mutation<unknown, string>({
        query: (id) => routeCall(brand.pauseBrandOffer, { params: { id } }),
        invalidatesTags: ['MerchantOffers'],
      }),
      getFunnel: build.query<Funnel, FunnelArgs>({
        query: ({ offerId, from, to, mode }) =>
          routeCall(brand.funnel, { query: { offerId: offerId || undefined, from, to, mode } }),
        // figures change all day: each visit asks again
        keepUnusedDataFor: 0,
      }),
      getInstitutions: build.query<InstitutionBreakdown, InstitutionsArgs>({
        query: ({ offerId, period }) =>
          routeCall(brand.institutions, { query: { offerId: offerId || undefined, period } }),
      }),
      previewPool: build.mutation<PoolPreview, { offerId: string; file: File }>({
        query: ({ offerId, file }) =>
          routeCall(brand.previewPool, { params: { id: offerId }, body: fileBody(file) }),
      }),
      importPool: build.mutation<PoolImport, { offerId: string; file: File }>({
        query: ({ offerId, file }) =>
          routeCall(brand.importPool, { params: { id: offerId }, body: fileBody(file) }),
        invalidatesTags: ['MerchantOffers'],
      }),
      getCodeReports: build.query<MerchantCodeReport[], 'open' | 'answered'>({
        query: (status) => routeCall(brand.brandCodeReports, { query: { status } }),
        transformResponse: asList<MerchantCodeReport>,
        providesTags: ['MerchantReports'],
      }),
      answerCodeReport: build.mutation<unknown, { id: string } & MerchantReportAnswerBody>({
        query: ({ id, ...body }) => routeCall(brand.answerCodeReport, { params: { id }, body }),
        invalidatesTags: ['MerchantReports', 'MerchantOffers'],
      }),
      getProposals: build.query<OfferProposalAnswer[], void>({
        query: () => routeCall(proposals.brandProposals),
        transformResponse: asList<OfferProposalAnswer>,
        providesTags: ['MerchantProposals'],
      }),
      createProposal: build.mutation<OfferProposalAnswer, FormData>({
        query: (body) => routeCall(proposals.propose, { body }),
        invalidatesTags: ['MerchantProposals'],
      }),
      withdrawProposal: build.mutation<unknown, string>({
        query: (id) => routeCall(proposals.withdrawProposal, { params: { id } }),
        invalidatesTags: ['MerchantProposals'],
      }),
      getColleagues: build.query<MerchantColleague[], void>({
        query: () => routeCall(team.colleagues),
        transformResponse: asList<MerchantColleague>,
        providesTags: ['Colleagues'],
      }),
      getInvitations: build.query<MerchantInvitation[], void>({
        query: () => routeCall(team.invitations),
        transformResponse: asList<MerchantInvitation>,
        providesTags: ['Invitations'],
      }),
      // an invitation is not an account (T24): the team changes only when one is accepted
      inviteColleague: build.mutation<MerchantInvitation, InviteColleagueBody>({
        query: (body) => routeCall(team.inviteColleague, { body }),
        invalidatesTags: ['Invitations'],
      }),
      resendInvitation: build.mutation<MerchantInvitation, string>({
        query: (id) => routeCall(team.resendInvitation, { params: { id } }),
        invalidatesTags: ['Invitations'],
      }),
      revokeInvitation: build.mutation<unknown, string>({
        query: (id) => routeCall(team.revokeInvitation, { params: { id } }),
        invalidatesTags: ['Invitations'],
      }),
      // issue 30 point 2, decision 019: the list never holds a secret; the answers of creating and rotating do, and
      // leave the store when the dialog that made the call closes (RTK Query drops a mutation's result on unmount)
      getBrandApps: build.query<BrandAppAnswer[], void>({
        query: () => routeCall(apps.list),
        transformResponse: asList<BrandAppAnswer>,
        providesTags: ['BrandApps'],
      }),
      createBrandApp: build.mutation<BrandAppWithSecret, CreateBrandAppBody>({
        query: (body) => routeCall(apps.create, { body }),
        invalidatesTags: ['BrandApps'],
      }),
      updateBrandApp: build.mutation<BrandAppAnswer, { id: string } & UpdateBrandAppBody>({
        query: ({ id, ...body }) => routeCall(apps.update, { params: { id }, body }),
        invalidatesTags: ['BrandApps'],
      }),
      rotateBrandAppSecret: build.mutation<BrandAppWithSecret, string>({
        query: (id) => routeCall(apps.rotateSecret, { params: { id } }),
        invalidatesTags: ['BrandApps'],
      }),
      revokeBrandApp: build.mutation<BrandAppAnswer, string>({
        query: (id) => routeCall(apps.revoke, { params: { id } }),
        invalidatesTags: ['BrandApps'],
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
  useGetBrandAppsQuery,
  useCreateBrandAppMutation,
  useUpdateBrandAppMutation,
  useRotateBrandAppSecretMutation,
  useRevokeBrandAppMutation,
} = merchantApi;
