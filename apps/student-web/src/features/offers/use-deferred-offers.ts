import { useDeferredValue, useMemo } from 'react';
import { useGetOffersQuery } from './api';
import type { OfferSummary } from './offer';

interface OffersState {
  offers: OfferSummary[] | undefined;
  isLoading: boolean;
  error: unknown;
}

const LOADING: OffersState = { offers: undefined, isLoading: true, error: undefined };

/**
 * The catalogue for the home page's grid and carousel: `useGetOffersQuery`, deferred. The components first render
 * their loading state, even when the catalogue is already in; React then shows the dozens of cards and logos in a
 * background render it splits into short slices, so the page stays responsive meanwhile (issue "Fast path").
 */
export function useDeferredOffers(): OffersState {
  const { data, isLoading, error } = useGetOffersQuery();
  const latest = useMemo(() => ({ offers: data, isLoading, error }), [data, isLoading, error]);
  return useDeferredValue(latest, LOADING);
}
