import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { OfferSummary } from './offer';
import { useOfferTracking } from './use-offer-tracking';

/** The query parameter that opens an offer's modal on the home page (`/?offer=<id>`, the shared link). */
export const OFFER_PARAM = 'offer';

/**
 * Which offer the modal shows. Opening records `offer_click` (SPEC §7); a home page opened with `?offer=<id>`
 * (a shared link) opens that offer once the catalogue has arrived, and closing it drops the parameter.
 */
export function useOfferModal(offers: readonly OfferSummary[] | undefined) {
  const tracking = useOfferTracking();
  const [params, setParams] = useSearchParams();
  const [current, setCurrent] = useState<{ offer: OfferSummary; open: boolean } | null>(null);
  const linkedId = params.get(OFFER_PARAM);
  const handledLink = useRef<string | null>(null);

  const openOffer = useCallback(
    (offer: OfferSummary) => {
      setCurrent({ offer, open: true });
      tracking.opened(offer);
    },
    [tracking],
  );

  useEffect(() => {
    if (!linkedId || !offers || handledLink.current === linkedId) return;
    handledLink.current = linkedId;
    const linked = offers.find((offer) => offer.id === linkedId);
    if (linked) openOffer(linked);
  }, [linkedId, offers, openOffer]);

  const closeOffer = useCallback(() => {
    setCurrent((state) => state && { ...state, open: false });
    if (linkedId) {
      setParams(
        (prev) => {
          prev.delete(OFFER_PARAM);
          return prev;
        },
        { replace: true },
      );
    }
  }, [linkedId, setParams]);

  const forgetOffer = useCallback(() => setCurrent((state) => (state?.open ? state : null)), []);

  return { current, openOffer, closeOffer, forgetOffer };
}
