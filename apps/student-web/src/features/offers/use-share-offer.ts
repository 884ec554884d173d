import { useCallback } from 'react';
import { paths } from '../../app/paths';
import { copyText } from './clipboard';
import { isReferral, type OfferSummary } from './offer';
import { brandOf } from './offer-display';
import type { Tell } from './use-modal-notice';
import { OFFER_PARAM } from './use-offer-modal';
import { useOfferTracking } from './use-offer-tracking';

/** A link that opens the home page with this offer's modal (`/?offer=<id>`). */
function offerShareUrl(offerId: string, origin = window.location.origin): string {
  const url = new URL(paths.home, origin);
  url.searchParams.set(OFFER_PARAM, offerId);
  return url.toString();
}

const isAbort = (err: unknown) => err instanceof Error && err.name === 'AbortError';

/**
 * 'Share this offer' (SPEC §2/§8): the system share sheet where the browser has one, else the link is copied.
 * Either way a `link_copy` event is recorded. Cancelling the share sheet is not an error.
 */
export function useShareOffer(offer: OfferSummary, tell: Tell) {
  const tracking = useOfferTracking();
  return useCallback(async () => {
    const url = offerShareUrl(offer.id);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${brandOf(offer)} · Tullab`, text: offer.title, url });
        tracking.linkShared(offer);
        return;
      } catch (err) {
        if (isAbort(err)) return;
        console.warn('Web Share failed, copying the link instead', err);
      }
    }
    try {
      await copyText(url);
    } catch (err) {
      console.warn('Failed to copy the share link', err);
      tell('Share Failed', 'Failed to copy share link.', 'error');
      return;
    }
    tell(
      'Link Copied!',
      isReferral(offer)
        ? 'Special access link has been copied to your clipboard.'
        : 'Share link has been copied to your clipboard.',
      'success',
    );
    tracking.linkShared(offer);
  }, [offer, tracking, tell]);
}
