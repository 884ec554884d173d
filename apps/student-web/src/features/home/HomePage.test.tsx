import { screen, waitFor, within } from '@testing-library/react';
import { fill } from '@tullab/web-kit/testing/fill';
import { renderRouteToHtml } from '../../testing/render-route';
import type { OfferResponse } from '../offers/offer';
import { HOME_HEADLINE } from './HomePage';
import { headingLevels, offersList, renderHome, shownBrands } from './HomePage.fixture';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('home page (/), rendered to HTML', () => {
  const html = renderRouteToHtml('/');

  test('has the header, main and footer landmarks in that order', () => {
    const header = html.indexOf('<header');
    const main = html.indexOf('<main');
    const footer = html.indexOf('<footer');
    expect(header).toBeGreaterThanOrEqual(0);
    expect(main).toBeGreaterThan(header);
    expect(footer).toBeGreaterThan(main);
  });

  test('shows the SPEC headline as the only h1, and headings never skip a level', () => {
    expect(html).toMatch(new RegExp(`<h1[^>]*>${HOME_HEADLINE}</h1>`));
    const levels = headingLevels(html);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1] + 1);
    });
  });

  test('has the offers section at the discounts anchor and the category buttons at the categories anchor', () => {
    expect(html).toContain('id="discounts"');
    expect(html).toContain('Exclusive Student Offers');
    expect(html).toContain('Save on everything from food to fashion with verified student offers');
    expect(html).toContain('id="categories"');
  });

  test('has the press strip with five publications', () => {
    expect(html).toContain('We Have Been Mentioned By...');
    const strip = html.slice(html.indexOf('We Have Been Mentioned By...'), html.indexOf('<footer'));
    expect(strip.match(/<li/g)).toHaveLength(5);
  });
});

describe('home page (/), offers grid', () => {
  test('while the offers load, six skeleton cards hold their place', async () => {
    renderHome(() => new Promise(() => undefined));
    const loading = await screen.findByRole('list', { name: 'Loading offers' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(6);
  });

  test('a failed load shows the server message in an alert', async () => {
    renderHome({ status: 502, body: { message: 'Offers service unavailable' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Offers service unavailable');
  });

  test("a load that got no answer shows 'Failed to load offers. Please try again later.'", async () => {
    renderHome('network-error');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load offers. Please try again later.',
    );
  });

  test('an empty result says so', async () => {
    renderHome({ body: [] });
    await screen.findByText(
      'No offers found matching your criteria. Try adjusting your search or category filter.',
    );
  });

  test('shows every offer, most popular first, with its label', async () => {
    renderHome();
    await screen.findByRole('list', { name: 'Offers' });
    expect(shownBrands()).toEqual(['Circuit Souk', 'Beat Stream', 'Desert Bloom', 'Marina Market']);
    const card = screen.getByRole('article', { name: 'Circuit Souk' });
    expect(card.textContent).toContain('AED 150 OFF');
    expect(card.textContent).toContain('Valid until 31 Jan 2026');
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe(
      'most-popular',
    );
  });

  test('the category buttons filter by exact category; the pressed one is marked', async () => {
    const { user } = renderHome();
    await screen.findByRole('list', { name: 'Offers' });
    const categories = screen.getByRole('group', { name: 'Categories' });
    expect(
      within(categories)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'All categories',
      'Subscriptions',
      'Retail',
      'Electronics',
      'Fashion',
      'Beauty',
      'Entertainment',
      'Services',
      'Other',
    ]);
    await user.click(within(categories).getByRole('button', { name: 'Retail' }));
    expect(shownBrands()).toEqual(['Marina Market']);
    expect(within(categories).getByRole('button', { name: 'Retail' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(within(categories).getByRole('button', { name: 'Fashion' }));
    await screen.findByText(
      'No offers found matching your criteria. Try adjusting your search or category filter.',
    );
  });

  test('the search matches brand, title or description; the sort reorders', async () => {
    const { user } = renderHome();
    await screen.findByRole('list', { name: 'Offers' });
    await fill(user, screen.getByRole('searchbox', { name: 'Search offers' }), 'DORM');
    await waitFor(() => expect(shownBrands()).toEqual(['Marina Market']));
    await user.clear(screen.getByRole('searchbox', { name: 'Search offers' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Highest discount');
    await waitFor(() =>
      expect(shownBrands()).toEqual(['Desert Bloom', 'Circuit Souk', 'Marina Market', 'Beat Stream']),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Brand name (A–Z)');
    expect(shownBrands()).toEqual(['Beat Stream', 'Circuit Souk', 'Desert Bloom', 'Marina Market']);
  });

  test('5,000 offers: 24 cards at first, more on request, and a search narrows them at once', async () => {
    const many: OfferResponse[] = Array.from({ length: 5000 }, (_, i) => ({
      id: `o${i}`,
      title: `Deal ${i}`,
      brandName: `Brand ${String(i).padStart(4, '0')}`,
      businessCategory: 'fashion',
      discountType: 'percentage',
      discountValue: i % 50,
      currentUses: 5000 - i,
    }));
    const { user } = renderHome({ body: many });
    // A busy test machine (and the store's development checks over 5,000 offers) can take a moment.
    const slow = { timeout: 5000 };
    await screen.findByRole('list', { name: 'Offers' }, slow);
    expect(within(offersList()).getAllByRole('article')).toHaveLength(24);
    screen.getByText('Showing 24 of 5,000 offers');
    await user.click(screen.getByRole('button', { name: 'Show more offers' }));
    expect(within(offersList()).getAllByRole('article')).toHaveLength(48);
    await fill(user, screen.getByRole('searchbox', { name: 'Search offers' }), 'brand 4999');
    await waitFor(() => expect(shownBrands()).toEqual(['Brand 4999']), slow);
    expect(screen.queryByRole('button', { name: 'Show more offers' })).toBeNull();
  });
});
