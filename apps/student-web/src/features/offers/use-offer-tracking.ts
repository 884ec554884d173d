import { useMemo } from 'react';
import { useAuth } from '@tullab/web-kit/session/use-auth';
import {
  useTrackAnalyticsMutation,
  useTrackCodeCopyMutation,
  useTrackReferralClickMutation,
  type AnalyticsEvent,
} from './api';
import type { Offer } from './offer';

type TrackedOffer = Pick<Offer, 'id' | 'brandName'>;

/** SPEC §7/§8: tracking never bothers the student; a failure is only logged. */
function fireAndForget(what: string, call: { unwrap(): Promise<unknown> }) {
  call.unwrap().catch((err: unknown) => console.warn(`Failed to record ${what}`, err));
}

/** The tracking calls of SPEC §7: the offer was opened, its link shared, its code copied, its referral followed. */
export function useOfferTracking() {
  const { user } = useAuth();
  const studentId = user?.id ?? null;
  const [trackAnalytics] = useTrackAnalyticsMutation();
  const [trackCodeCopy] = useTrackCodeCopyMutation();
  const [trackReferralClick] = useTrackReferralClickMutation();

  return useMemo(() => {
    const analytics = (eventType: AnalyticsEvent['eventType'], offer: TrackedOffer) =>
      fireAndForget(eventType, trackAnalytics({ eventType, offerId: offer.id, brandName: offer.brandName }));
    return {
      opened: (offer: TrackedOffer) => analytics('offer_click', offer),
      linkShared: (offer: TrackedOffer) => analytics('link_copy', offer),
      codeCopied: (offer: TrackedOffer) =>
        fireAndForget('code copy', trackCodeCopy({ offerId: offer.id, studentId })),
      referralClicked: (offer: TrackedOffer) =>
        fireAndForget('referral click', trackReferralClick({ offerId: offer.id, studentId })),
    };
  }, [studentId, trackAnalytics, trackCodeCopy, trackReferralClick]);
}
