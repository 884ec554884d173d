import i18n from 'i18next';
import { useState } from 'react';
import { api } from '@tullab/web-kit/api/client';
import { isApiError, serverMessage } from '@tullab/web-kit/api/errors';
import { useAppDispatch } from '@tullab/web-kit/hooks';
import { useRedeemOfferMutation, type Redemption } from './api';
import { copyText } from './clipboard';
import { COPY_COOLDOWN_MS, REFERRAL_COOLDOWN_MS, useCooldown } from './cooldown';
import type { Refusal } from './details-state';
import { isWebLink, type OfferSummary } from './offer';
import type { Tell } from './use-modal-notice';
import { brandOf } from './offer-display';
import { useOfferTracking } from './use-offer-tracking';

/** A toast's title and text, in the page's language (`toasts.<name>` in the `offers` catalogue). */
const toast = (name: string, values?: Record<string, string>) => ({
  title: i18n.t(`offers:toasts.${name}.title`),
  text: i18n.t(`offers:toasts.${name}.text`, values),
});

/**
 * A new, empty tab the page does not control back (no `opener`). It is opened inside the click, before the
 * redemption answers, so that pop-up blockers let it through; null when the browser refused.
 */
function openBlankTab(): Window | null {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

/**
 * Redeeming one offer (SPEC §4 state 4, ARCHITECTURE "Public API beyond SPEC §7"): the code or referral link
 * comes only from `POST /api/offers/:id/redeem`, answered at once. Copying and opening are debounced (SPEC §9)
 * and tracked; a 401/403 turns the Details tab into the matching state. Outcomes are told through `tell`.
 */
export function useRedemption(offer: OfferSummary, tell: Tell) {
  const dispatch = useAppDispatch();
  const tracking = useOfferTracking();
  const [redeemOffer, { isLoading: isRedeeming }] = useRedeemOfferMutation();
  const [code, setCode] = useState<string | null>(null);
  const [referralLink, setReferralLink] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const passCopy = useCooldown(COPY_COOLDOWN_MS);
  const passReferral = useCooldown(REFERRAL_COOLDOWN_MS);
  const brand = brandOf(offer);

  async function redeem(): Promise<Redemption | null> {
    try {
      return await redeemOffer(offer.id).unwrap();
    } catch (error) {
      const status = isApiError(error) ? error.status : null;
      if (status === 401 || status === 403) {
        setRefusal(status === 401 ? 'sign-in' : 'verify');
        dispatch(api.util.invalidateTags(['User']));
      }
      // A refusal (4xx) says why, e.g. an exhausted code pool; a 5xx or a network failure says nothing useful.
      const refused = status !== null && status >= 400 && status < 500;
      const failed = toast('redeemFailed');
      tell(failed.title, (refused && serverMessage(error)) || failed.text, 'error');
      return null;
    }
  }

  async function redeemCode() {
    const result = await redeem();
    if (!result) return;
    // SPEC §5: a shown offer code must not be empty.
    if (!result.code?.trim()) {
      const failed = toast('redeemFailed');
      tell(failed.title, failed.text, 'error');
      return;
    }
    setCode(result.code);
    const redeemed = toast('codeRedeemed', { brand });
    tell(redeemed.title, redeemed.text, 'success');
  }

  async function copyCode() {
    if (!code || !passCopy()) return;
    try {
      await copyText(code);
    } catch (err) {
      console.warn('Failed to copy the discount code', err);
      const failed = toast('copyFailed');
      tell(failed.title, failed.text, 'error');
      return;
    }
    const copied = toast('codeCopied');
    tell(copied.title, copied.text, 'success');
    tracking.codeCopied(offer);
  }

  async function openReferral() {
    if (!passReferral()) return;
    const tab = openBlankTab();
    let link = referralLink;
    if (!link) {
      const result = await redeem();
      if (!result) {
        tab?.close();
        return;
      }
      if (!isWebLink(result.referralLink)) {
        tab?.close();
        const failed = toast('linkFailed');
        tell(failed.title, failed.text, 'error');
        return;
      }
      link = result.referralLink;
      setReferralLink(link);
      const ready = toast('offerReady', { brand });
      tell(ready.title, ready.text, 'success');
    }
    if (!tab) {
      const failed = toast('linkFailed');
      tell(failed.title, failed.text, 'error');
      return;
    }
    tab.location.replace(link);
    tracking.referralClicked(offer);
  }

  return { code, refusal, isRedeeming, redeemCode, copyCode, openReferral };
}
