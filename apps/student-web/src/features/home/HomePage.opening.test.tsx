import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { catalogue, renderHome } from './HomePage.fixture';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
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
