import type { AuthState } from '@tullab/web-kit/session/use-auth';
import { isReferral, type Offer } from './offer';

/** What the server said when a redemption was refused: the session is gone (401) or not verified (403). */
export type Refusal = 'sign-in' | 'verify';

/**
 * SPEC §4 "Modal Details state", first match wins: 1 auth loading, 2 not signed in, 3 a student who is not
 * verified, 4 redeem (discount) or get the referral link. A refusal from the server overrides what the client
 * believed (e.g. an expired session while a user is still kept locally).
 */
export type DetailsState = 'loading' | Refusal | 'redeem' | 'referral';

export function detailsStateOf(
  auth: Pick<AuthState, 'isLoading' | 'isAuthenticated' | 'isStudent' | 'isVerified'>,
  offer: Pick<Offer, 'offerType'>,
  refusal: Refusal | null,
): DetailsState {
  if (auth.isLoading) return 'loading';
  if (!auth.isAuthenticated || refusal === 'sign-in') return 'sign-in';
  if ((auth.isStudent && !auth.isVerified) || refusal === 'verify') return 'verify';
  return isReferral(offer) ? 'referral' : 'redeem';
}
