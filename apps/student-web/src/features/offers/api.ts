import type { AnalyticsBody, RedeemAnswer } from '@tullab/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { offers } from '@tullab/contracts/route-table';
import { api, routeCall } from '@tullab/web-kit/api/client';
import { isArabic, localiseOffers, localiseOpenedOffer } from './localised';
import { normalizeOffer, normalizeSummary, type Offer, type OfferResponse, type OfferSummary } from './offer';

/** `POST /api/offers/:id/redeem`'s answer, either field read as possibly absent (the client checks it). */
export type Redemption = Partial<
  Extract<RedeemAnswer, { code: string }> & Extract<RedeemAnswer, { referralLink: string }>
>;

/** SPEC §7: who copied or clicked; the server takes the student from the session anyway (SECURITY S29). */
interface TrackingArgs {
  offerId: string;
  studentId: string | null;
}

/** SPEC §7 `POST /api/analytics`: `metadata` is a JSON string containing the brand name. */
export type AnalyticsEvent = Pick<AnalyticsBody, 'eventType' | 'offerId'> & { brandName: string };

const offersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOffers: build.query<OfferSummary[], void>({
      query: () => routeCall(offers.catalogue),
      transformResponse: (body: OfferResponse[]) => (Array.isArray(body) ? body.map(normalizeSummary) : []),
      providesTags: ['Offers'],
    }),
    /** An offer with the texts of its modal (decision 007). */
    getOffer: build.query<Offer, string>({
      query: (offerId) => routeCall(offers.offer, { params: { id: offerId } }),
      transformResponse: (body: OfferResponse) => normalizeOffer(body),
      providesTags: ['Offers'],
    }),
    redeemOffer: build.mutation<Redemption, string>({
      query: (offerId) => routeCall(offers.redeem, { params: { id: offerId } }),
    }),
    trackCodeCopy: build.mutation<unknown, TrackingArgs>({
      query: ({ offerId, studentId }) =>
        routeCall(offers.copyCode, { params: { id: offerId }, body: { studentId } }),
    }),
    trackReferralClick: build.mutation<unknown, TrackingArgs>({
      query: ({ offerId, studentId }) =>
        routeCall(offers.referralClick, { params: { id: offerId }, body: { studentId } }),
    }),
    trackAnalytics: build.mutation<unknown, AnalyticsEvent>({
      query: ({ eventType, offerId, brandName }) =>
        routeCall(offers.analytics, {
          body: { eventType, offerId, metadata: JSON.stringify({ brandName }) },
        }),
    }),
  }),
});

/** Asks for the catalogue ahead of the components that show it (the app does so as it starts on the home page). */
export const prefetchOffers = () => offersApi.util.prefetch('getOffers', undefined, {});

export const usePrefetchOffer = () => offersApi.usePrefetch('getOffer');

/** A data hook never suspends the component that uses it: the current language is all it reads of i18next. */
const WITHOUT_SUSPENSE = { useSuspense: false } as const;

/** The language the app shows now ('en' or 'ar'; undefined before i18next is set up, which reads as English). */
function useLanguage(): string | undefined {
  return useTranslation(undefined, WITHOUT_SUSPENSE).i18n.language;
}

/**
 * A query's answer in the current language (localised.ts): in English the very result the query gave, in Arabic the
 * same with its data localised (the same objects each render while the data and the language stay).
 */
function useLocalised<D, R extends { data?: D; currentData?: D }>(
  result: R,
  localise: (data: D, language: string | undefined) => D,
): R {
  const language = useLanguage();
  return useMemo(() => {
    if (!isArabic(language)) return result;
    const { data, currentData } = result;
    return {
      ...result,
      data: data === undefined ? data : localise(data, language),
      currentData: currentData === undefined ? currentData : localise(currentData, language),
    };
  }, [result, language, localise]);
}

/** `GET /api/offers`, each offer in the language the app shows (issue 12). */
export function useGetOffersQuery() {
  return useLocalised(offersApi.useGetOffersQuery(), localiseOffers);
}

/** `GET /api/offers/:id`, in the language the app shows (issue 12). */
export function useGetOfferQuery(offerId: string) {
  return useLocalised(offersApi.useGetOfferQuery(offerId), localiseOpenedOffer);
}

export const {
  useRedeemOfferMutation,
  useTrackCodeCopyMutation,
  useTrackReferralClickMutation,
  useTrackAnalyticsMutation,
} = offersApi;
