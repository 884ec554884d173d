import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Funnel } from '@tullab/contracts';
import i18n from 'i18next';
import { renderWithProviders } from '../../../testing/render';
import { FunnelView } from './FunnelView';

const funnel: Funnel = {
  from: '2026-11-01',
  to: '2026-11-03',
  offerId: null,
  mode: 'live',
  days: [
    {
      day: '2026-11-01',
      views: 120,
      reveals: 30,
      codeCopies: 25,
      referralClicks: 0,
      redemptions: 28,
      students: 40,
      orders: 0,
      revenue: 0,
    },
    {
      day: '2026-11-02',
      views: 1340,
      reveals: 210,
      codeCopies: 190,
      referralClicks: 4,
      redemptions: 205,
      students: 260,
      orders: 0,
      revenue: 0,
    },
    {
      day: '2026-11-03',
      views: 0,
      reveals: 0,
      codeCopies: 0,
      referralClicks: 0,
      redemptions: 0,
      students: 0,
      orders: 0,
      revenue: 0,
    },
  ],
  totals: {
    views: 1460,
    reveals: 240,
    codeCopies: 215,
    referralClicks: 4,
    redemptions: 233,
    orders: 12,
    revenue: 2499.5,
  },
};

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the funnel (issue 16)', () => {
  test('shows each total, each count with its share of the views', () => {
    renderWithProviders(<FunnelView funnel={funnel} />);
    const totals = screen.getByTestId('funnel-totals');
    expect(within(screen.getByTestId('funnel-total-views')).getByText('1,460')).toBeTruthy();
    expect(within(screen.getByTestId('funnel-total-reveals')).getByText('240')).toBeTruthy();
    expect(within(screen.getByTestId('funnel-total-codeCopies')).getByText('215')).toBeTruthy();
    expect(within(screen.getByTestId('funnel-total-referralClicks')).getByText('4')).toBeTruthy();
    expect(within(screen.getByTestId('funnel-total-redemptions')).getByText('233')).toBeTruthy();
    expect(within(screen.getByTestId('funnel-total-reveals')).getByText('16.4% of views')).toBeTruthy();
    // the order of the funnel: views → reveals → code copies / referral clicks → redemptions
    expect(
      within(totals)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      'Views',
      'Reveals',
      'Code copies',
      'Referral clicks',
      'Redemptions',
      'Checkout orders',
      'Revenue (AED)',
    ]);
    // what brands' checkouts reported (issue 30): the orders, and their amounts in AED without a share of views
    expect(within(screen.getByTestId('funnel-total-orders')).getByText('12')).toBeTruthy();
    const revenue = within(screen.getByTestId('funnel-total-revenue'));
    expect(revenue.getByText(/2,499\.50/)).toBeTruthy();
    expect(revenue.queryByText(/of views/)).toBeNull();
    expect(screen.getByTestId('funnel-summary').textContent).toBe(
      'From 1 Nov 2026 to 3 Nov 2026: 1,460 views and 233 redemptions.',
    );
  });

  test('the chart is drawn for the eye; the days are a table screen readers read and anyone may show', async () => {
    renderWithProviders(<FunnelView funnel={funnel} />);
    expect(screen.getByTestId('funnel-chart').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('funnel-chart').querySelectorAll('polyline')).toHaveLength(3);
    const table = screen.getByRole('table', { name: 'Figures per day (UAE time)' });
    const row = within(table).getByRole('row', { name: /2 Nov 2026/ });
    expect(
      within(row)
        .getAllByRole('cell')
        // (Intl writes a no-break space between the currency and the amount)
        .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['1,340', '210', '190', '4', '205', '260', '0', 'AED 0.00']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Show the figures per day' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(
      screen.getByRole('button', { name: 'Hide the figures per day' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  test('a range where nothing happened says so instead of drawing flat lines', () => {
    const quiet: Funnel = {
      ...funnel,
      days: funnel.days.map((day) => ({
        ...day,
        views: 0,
        reveals: 0,
        codeCopies: 0,
        referralClicks: 0,
        redemptions: 0,
      })),
      totals: {
        views: 0,
        reveals: 0,
        codeCopies: 0,
        referralClicks: 0,
        redemptions: 0,
        orders: 0,
        revenue: 0,
      },
    };
    renderWithProviders(<FunnelView funnel={quiet} />);
    screen.getByText('Nothing happened with your offers on these days.');
    expect(screen.queryByTestId('funnel-chart')).toBeNull();
  });

  test('in Arabic, the figures and labels are Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderWithProviders(<FunnelView funnel={funnel} />);
    within(screen.getByTestId('funnel-total-views')).getByText('المشاهدات');
    screen.getByRole('table', { name: 'الأرقام لكل يوم (بتوقيت الإمارات)' });
  });
});
