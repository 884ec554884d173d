import i18n from 'i18next';
import { useCallback } from 'react';
import { paths } from '../../app/paths';
import { LANGUAGE_PARAM, languageOfTag } from '@tullab/web-kit/i18n/languages';
import { copyText } from './clipboard';
import { isReferral, type OfferSummary } from './offer';
import { brandOf } from './offer-display';
import type { Tell } from './use-modal-notice';
import { OFFER_PARAM } from './use-offer-modal';
import { useOfferTracking } from './use-offer-tracking';

/**
 * A link that opens the home page with this offer's modal (`/?offer=<id>`); shared from a page in Arabic, it says so
 * (`&lang=ar`, decision 011), so that it opens in Arabic. An English link names no language: it opens in the reader's.
 */
function offerShareUrl(offerId: string, origin = window.location.origin): string {
  const url = new URL(paths.home, origin);
  url.searchParams.set(OFFER_PARAM, offerId);
  if (languageOfTag(i18n.language) === 'ar') url.searchParams.set(LANGUAGE_PARAM, 'ar');
  return url.toString();
}

/** A text of the `offers` catalogue, in the page's language. */
const text = (key: string, values?: Record<string, string>) => i18n.t(`offers:${key}`, values);

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
        await navigator.share({
          title: text('share.title', { brand: brandOf(offer) }),
          text: offer.title,
          url,
        });
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
      tell(text('toasts.shareFailed.title'), text('toasts.shareFailed.text'), 'error');
      return;
    }
    tell(
      text('toasts.linkCopied.title'),
      text(isReferral(offer) ? 'toasts.linkCopied.referralText' : 'toasts.linkCopied.shareText'),
      'success',
    );
    tracking.linkShared(offer);
  }, [offer, tracking, tell]);
}
