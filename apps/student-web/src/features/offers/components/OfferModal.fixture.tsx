// What the offer modal's tests share: two offers, the modal opened over a store with a given user, and its parts.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type User } from '@tullab/web-kit/api/client';
import { makeStore } from '@tullab/web-kit/store';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderWithProviders } from '../../../testing/render';
import type { Offer } from '../offer';
import { makeOffer } from '../testing/offer-factory';
import { OfferModal } from './OfferModal';

export const discountOffer = makeOffer({
  id: 'b3c1',
  brandName: 'Desert Bloom',
  title: '15% off natural skincare',
  discountType: 'percentage',
  discountValue: 15,
});
export const referralOffer = makeOffer({
  id: 'r9',
  brandName: 'Souk Rides',
  offerType: 'referral',
  title: 'First ride free',
});

/** The modal over a store whose user is `user` (null: a visitor, as the server's 401 says; undefined: still asking). */
export function openModal(
  offer: Offer,
  user: User | null | undefined,
  routes: Record<string, StubRoute> = {},
) {
  const store = makeStore();
  const pendingUser = new Promise<never>(() => undefined);
  const tracking: Record<string, StubRoute> = {
    [`POST /api/offers/${offer.id}/copy`]: { status: 202, body: {} },
    [`POST /api/offers/${offer.id}/referral-click`]: { status: 202, body: {} },
    'POST /api/analytics': { status: 202, body: {} },
  };
  const stub = stubApi({
    ...tracking,
    // the offer's texts, asked for as the modal opens (decision 007)
    [`GET /api/offers/${offer.id}`]: { body: offer },
    ...(user === undefined ? { 'GET /api/auth/user': () => pendingUser } : {}),
    ...routes,
  });
  if (user) store.dispatch(api.util.upsertQueryData('getUser', undefined, user));
  const onClose = jest.fn();
  renderWithProviders(<OfferModal offer={offer} open onClose={onClose} />, { store });
  return { ...stub, onClose, user: userEvent.setup() };
}

export const verified = () => studentUser('active') as User;
export const details = () => screen.getByRole('tabpanel');

/** After each test: the mocks restored, storage cleared, and the Web Share API a test gave the browser taken away. */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
    delete (navigator as { share?: unknown }).share;
  });
}
