import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import type { Offer } from '../offer';
import { makeOffer } from '../testing/offer-factory';
import { OfferCard } from './OfferCard';

function renderCard(fields: Partial<Offer>) {
  const onOpen = jest.fn();
  const offer = makeOffer({ brandName: 'Desert Bloom', ...fields });
  renderWithProviders(<OfferCard offer={offer} onOpen={onOpen} />);
  return { offer, onOpen, card: screen.getByRole('article', { name: 'Desert Bloom' }) };
}

describe('offer card (SPEC §4 "Offer card display")', () => {
  test.each<[string, string, Partial<Offer>]>([
    ['a percentage discount', '20% OFF', { discountType: 'percentage', discountValue: 20 }],
    ['a fixed discount', 'AED 75 OFF', { discountType: 'fixed', discountValue: 75 }],
    ['free shipping', 'FREE SHIPPING', { discountType: 'free_shipping', discountValue: null }],
    ['another discount type', 'FREE', { discountType: 'gift', discountValue: null }],
    ['a referral offer', 'Offer', { offerType: 'referral', discountType: 'percentage', discountValue: 50 }],
  ])('%s shows "%s"', (_case, label, fields) => {
    const { card } = renderCard(fields);
    const badge = card.querySelector('h3')?.parentElement?.parentElement?.nextElementSibling;
    expect(badge?.textContent).toBe(label);
  });

  test("shows 'Valid until' with the date only when the offer expires", () => {
    const { card } = renderCard({ expiresAt: '2025-12-31T12:00:00Z' });
    expect(card.textContent).toContain('Valid until 31 Dec 2025');
  });

  test('an offer without an expiry has no validity line', () => {
    const { card } = renderCard({ expiresAt: null });
    expect(card.textContent).not.toContain('Valid until');
  });

  test('without a logo, a placeholder with the brand initials stands in', () => {
    renderCard({ logoUrl: null });
    expect(screen.getByRole('img', { name: 'Desert Bloom logo' }).textContent).toBe('DB');
  });

  test('a logo loads lazily at a fixed size, so nothing moves when it arrives', () => {
    renderCard({ logoUrl: '/api/offers/o1/logo?v=3' });
    const logo = screen.getByRole('img', { name: 'Desert Bloom logo' });
    expect(logo.tagName).toBe('IMG');
    expect(logo.getAttribute('src')).toBe('/api/offers/o1/logo?v=3');
    expect(logo.getAttribute('loading')).toBe('lazy');
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['56', '56']);
  });

  test("'Get Offer' and a click on the card open the offer, once per click", async () => {
    const user = userEvent.setup();
    const { offer, onOpen, card } = renderCard({});
    await user.click(screen.getByRole('button', { name: 'Get Offer from Desert Bloom' }));
    await user.click(card);
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenLastCalledWith(offer);
  });
});
