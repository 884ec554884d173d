import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { stubApi, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';
import { renderRouteToHtml } from '../../testing/render-route';
import type { OfferResponse } from '../offers/offer';
import { HOME_HEADLINE } from './HomePage';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));

/** Offers as `GET /api/offers` sends them (loosely typed fields included). */
const catalogue: OfferResponse[] = [
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

function renderHome(
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

const offersList = () => screen.getByRole('list', { name: 'Offers' });
const shownBrands = () =>
  within(offersList())
    .getAllByRole('article')
    .map((card) => card.querySelector('h3')?.textContent);

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

describe('home page (/), opening offers', () => {
  test('a card opens the offer modal and records offer_click with the brand', async () => {
    const { user, sent } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Get Offer from Desert Bloom' }));
    const dialog = await screen.findByRole('dialog', { name: /Desert Bloom/ });
    within(dialog).getByRole('tab', { name: 'Details', selected: true });
    await waitFor(() => expect(sent('POST /api/analytics')).toHaveLength(1));
    expect(sent('POST /api/analytics')[0].body).toEqual({
      eventType: 'offer_click',
      offerId: 'a1',
      metadata: JSON.stringify({ brandName: 'Desert Bloom' }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('/?offer=<id> (a shared link) opens that offer once the catalogue is in; closing drops the parameter', async () => {
    const { user, sent, router } = renderHome({ body: catalogue }, '/?offer=c3');
    const dialog = await screen.findByRole('dialog', { name: /Marina Market/ });
    await waitFor(() => expect(sent('POST /api/analytics')).toHaveLength(1));
    expect(sent('POST /api/analytics')[0].body).toMatchObject({ eventType: 'offer_click', offerId: 'c3' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  test('a visitor who opens an offer is asked to sign in, and no redemption request is made', async () => {
    const { user, requests } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Get Offer from Circuit Souk' }));
    await screen.findByText('Student Login Required');
    await user.click(screen.getByRole('link', { name: 'Sign in to continue' }));
    // The sign-in page's code arrives on demand.
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' }, { timeout: 5000 });
    expect(requests.filter((r) => r.path.includes('/redeem'))).toEqual([]);
  });
});

describe('home page (/), around the offers', () => {
  test("the partner carousel shows 22 logos of the catalogue's brands in two rows of 11, copies hidden", async () => {
    renderHome();
    const section = (await screen.findByRole('heading', { name: 'Some of Our Offers...' })).closest(
      'section',
    );
    await waitFor(() => expect(section?.querySelectorAll('ul')).toHaveLength(2));
    const rows = [...(section?.querySelectorAll('ul') ?? [])];
    for (const row of rows) {
      const visible = [...row.children].filter((li) => li.getAttribute('aria-hidden') !== 'true');
      expect(visible).toHaveLength(11);
      expect(row.children).toHaveLength(22);
    }
    expect(
      within(section as HTMLElement).getAllByRole('img', { name: 'Desert Bloom logo' }).length,
    ).toBeGreaterThan(0);
    const pause = within(section as HTMLElement).getByRole('button', { name: 'Pause the logo carousel' });
    await userEvent.setup().click(pause);
    within(section as HTMLElement).getByRole('button', { name: 'Play the logo carousel' });
  });

  test("'Start Saving Now' scrolls to the offers and moves focus to their heading", async () => {
    // jsdom has no layout and no scrolling: record the call instead.
    const scrollIntoView = jest.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    const { user } = renderHome();
    await user.click(screen.getByRole('link', { name: 'Start Saving Now' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('discounts'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Exclusive Student Offers' }));
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    await act(async () => undefined);
  });
});

describe('home page (/) in Arabic (issue 12)', () => {
  test('the hero, the offers section and the cards speak Arabic; numbers and dates are written for the UAE', async () => {
    await i18n.changeLanguage('ar');
    const { user } = renderHome();
    screen.getByRole('heading', { level: 1, name: 'أول منصة لعروض الطلاب في الإمارات' });
    screen.getByRole('link', { name: 'ابدأ التوفير الآن' });
    screen.getByRole('heading', { name: 'عروض حصرية للطلاب' });
    await screen.findByRole('list', { name: 'العروض' });
    screen.getByText('نعرض لك 4 من أصل 4 عروض');
    const card = screen.getByRole('article', { name: 'Circuit Souk' });
    expect(card.textContent).toContain('150 درهم خصم');
    expect(card.textContent).toContain('صالح حتى 31 يناير 2026');
    within(card).getByText('الإلكترونيات');
    screen.getByRole('button', { name: 'احصل على العرض من Desert Bloom' });
    expect(screen.getByRole('article', { name: 'Marina Market' }).textContent).toContain('شحن مجاني');
    const categories = screen.getByRole('group', { name: 'الفئات' });
    await user.click(within(categories).getByRole('button', { name: 'الأزياء' }));
    await screen.findByText('لا توجد عروض تطابق بحثك. جرّب تغيير كلمات البحث أو الفئة.');
    expect(
      [...(screen.getByRole('combobox', { name: 'ترتيب حسب' }) as HTMLSelectElement).options].map(
        (option) => option.text,
      )[0],
    ).toBe('الأكثر استخداماً');
  });

  test('a failed load says so in Arabic; the carousel and the press strip have Arabic headings', async () => {
    await i18n.changeLanguage('ar');
    renderHome('network-error');
    expect((await screen.findByRole('alert')).textContent).toBe('تعذّر تحميل العروض. يرجى المحاولة لاحقاً.');
    screen.getByRole('heading', { name: 'تحدّثوا عنّا...' });
  });

  test('"Showing x of y offers" takes the Arabic plural of the count', async () => {
    await i18n.changeLanguage('ar');
    const many = Array.from({ length: 30 }, (_, i) => ({ id: `o${i}`, brandName: `Brand ${i}` }));
    renderHome({ body: many });
    await screen.findByText('نعرض لك 24 من أصل 30 عرضاً');
  });
});
