// What the home page's tests share: a catalogue as the API sends it, the page rendered over it, and its offers.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';
import type { OfferResponse } from '../offers/offer';

export const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));

/** Offers as `GET /api/offers` sends them (loosely typed fields included). */
export const catalogue: OfferResponse[] = [
  {
    id: 'a1',
    title: '20% off skincare',
    brandName: 'Desert Bloom',
    businessCategory: 'beauty',
    offerType: 'discount',
    discountType: 'percentage',
    discountValue: '20',
    currentUses: 40,
    createdAt: '2025-03-01T00:00:00Z',
    logoUrl: '/api/offers/a1/logo?v=1',
  },
  {
    id: 'b2',
    title: 'AED 150 off laptops',
    brandName: 'Circuit Souk',
    businessCategory: 'electronics',
    offerType: 'discount',
    discountType: 'fixed',
    discountValue: 150,
    currentUses: 90,
    createdAt: '2025-06-01T00:00:00Z',
    expiresAt: '2026-01-31T10:00:00Z',
  },
  {
    id: 'c3',
    title: 'Free delivery on everything',
    brandName: 'Marina Market',
    businessCategory: 'Retail',
    offerType: 'discount',
    discountType: 'free_shipping',
    currentUses: 5,
    createdAt: '2025-09-01T00:00:00Z',
    description: 'Groceries to your dorm',
  },
  {
    id: 'd4',
    title: 'First month free',
    brandName: 'Beat Stream',
    businessCategory: 'subscriptions',
    offerType: 'referral',
    currentUses: 60,
    createdAt: '2024-12-01T00:00:00Z',
  },
];

export function renderHome(
  offers: StubRoute = { body: catalogue },
  path = '/',
  routes: Record<string, StubRoute> = {},
) {
  const stub = stubApi({
    'GET /api/offers': offers,
    'POST /api/analytics': { status: 202, body: {} },
    ...routes,
  });
  return { ...stub, ...renderApp(path), user: userEvent.setup() };
}

export const offersList = () => screen.getByRole('list', { name: 'Offers' });
export const shownBrands = () =>
  within(offersList())
    .getAllByRole('article')
    .map((card) => card.querySelector('h3')?.textContent);
