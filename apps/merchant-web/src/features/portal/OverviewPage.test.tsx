import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Funnel, InstitutionBreakdown, MerchantOffer } from '@tullab/contracts';
import { stubApi, studentUser } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';
import { endedMonths, lastDays } from './dates';
import { fill } from '@tullab/web-kit/testing/fill';

const merchant = studentUser('none', { role: 'merchant' });
const offer = (overrides: Partial<MerchantOffer>): MerchantOffer => ({
  id: 'o-1',
  title: '15% off natural skincare',
  titleAr: null,
  status: 'live',
  offerType: 'discount',
  codeSource: 'pool',
  codesTotal: 500,
  codesLeft: 12,
  poolLow: true,
  reportsOpen: 2,
  expiresAt: null,
  createdAt: '2026-10-01T08:00:00.000Z',
  ...overrides,
});
const offers = [
  offer({}),
  offer({
    id: 'o-2',
    title: 'Free delivery',
    status: 'paused',
    codeSource: 'own',
    codesTotal: null,
    codesLeft: null,
    poolLow: false,
    reportsOpen: 0,
  }),
];
const funnelOf = (
  from: string,
  to: string,
  offerId: string | null,
  views: number,
  mode: Funnel['mode'] = 'live',
): Funnel => ({
  from,
  to,
  offerId,
  mode,
  days: [
    {
      day: to,
      views,
      reveals: 3,
      codeCopies: 2,
      referralClicks: 0,
      redemptions: 3,
      students: 4,
      orders: 0,
      revenue: 0,
    },
  ],
  totals: { views, reveals: 3, codeCopies: 2, referralClicks: 0, redemptions: 3, orders: 0, revenue: 0 },
});
const breakdown = (
  period: string,
  offerId: string | null,
  institutions: InstitutionBreakdown['institutions'],
  others: number,
): InstitutionBreakdown => ({
  period,
  from: `${period}-01`,
  to: `${period}-28`,
  offerId,
  institutions,
  others,
});

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('/merchant overview (issue 16)', () => {
  test('the offers, the funnel of the last 30 days, and one offer’s funnel', async () => {
    const month = lastDays(30);
    const week = lastDays(7);
    const { sent } = stubApi({
      'GET /api/auth/user': { body: { user: merchant } },
      'GET /api/merchant/brand': { body: { id: 'b1', name: 'Desert Bloom', contactEmail: 'a@b.ae' } },
      'GET /api/merchant/offers': { body: offers },
      [`GET /api/merchant/funnel?from=${month.from}&to=${month.to}`]: {
        body: funnelOf(month.from, month.to, null, 1200),
      },
      [`GET /api/merchant/funnel?offerId=o-1&from=${month.from}&to=${month.to}`]: {
        body: funnelOf(month.from, month.to, 'o-1', 800),
      },
      [`GET /api/merchant/funnel?offerId=o-1&from=${week.from}&to=${week.to}`]: {
        body: funnelOf(week.from, week.to, 'o-1', 70),
      },
    });
    renderApp('/merchant');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });

    const table = await screen.findByRole('table', { name: 'Your offers' });
    const first = within(table).getByRole('row', { name: /15% off natural skincare/ });
    within(first).getByText('Live');
    within(first).getByText('Single-use codes (pool)');
    within(first).getByText('12 of 500');
    within(first).getByText('Running low');
    expect(within(first).getByRole('link', { name: '2 open' }).getAttribute('href')).toBe(
      '/merchant/reports',
    );
    expect(within(first).getByRole('link', { name: '15% off natural skincare' }).getAttribute('href')).toBe(
      '/merchant/offers/o-1',
    );
    within(within(table).getByRole('row', { name: /Free delivery/ })).getByText('Paused');

    const views = await screen.findByTestId('funnel-total-views');
    within(views).getByText('1,200');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/merchant/funnel.csv?from=${month.from}&to=${month.to}`,
    );

    const user = userEvent.setup();
    const funnel = screen.getByTestId('merchant-funnel');
    await user.selectOptions(within(funnel).getByRole('combobox', { name: 'Offer' }), 'o-1');
    await waitFor(() => within(screen.getByTestId('funnel-total-views')).getByText('800'));
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => within(screen.getByTestId('funnel-total-views')).getByText('70'));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/merchant/funnel.csv?offerId=o-1&from=${week.from}&to=${week.to}`,
    );
    expect(sent(`GET /api/merchant/funnel?offerId=o-1&from=${week.from}&to=${week.to}`)).toHaveLength(1);
  });

  test("the test apps' checkouts, apart from the students' figures (issue 30)", async () => {
    const month = lastDays(30);
    stubApi({
      'GET /api/auth/user': { body: { user: merchant } },
      'GET /api/merchant/offers': { body: offers },
      [`GET /api/merchant/funnel?from=${month.from}&to=${month.to}`]: {
        body: funnelOf(month.from, month.to, null, 1200),
      },
      [`GET /api/merchant/funnel?from=${month.from}&to=${month.to}&mode=test`]: {
        body: funnelOf(month.from, month.to, null, 0, 'test'),
      },
    });
    renderApp('/merchant');
    await screen.findByTestId('funnel-total-views');
    expect(screen.queryByTestId('funnel-test-mode')).toBeNull();
    const user = userEvent.setup();
    const funnel = screen.getByTestId('merchant-funnel');
    await user.selectOptions(within(funnel).getByRole('combobox', { name: 'Figures' }), 'test');
    expect((await screen.findByTestId('funnel-test-mode')).textContent).toMatch(/^Test mode/);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/merchant/funnel.csv?from=${month.from}&to=${month.to}&mode=test`,
    );
  });

  test('where the students study: a month that has ended, never days; figures hidden say why', async () => {
    const [last, before] = endedMonths();
    const { requests } = stubApi({
      'GET /api/auth/user': { body: { user: merchant } },
      'GET /api/merchant/offers': { body: offers },
      [`GET /api/merchant/institutions?period=${last}`]: {
        body: breakdown(last, null, [{ institution: 'Khalifa University', students: 9 }], 10),
      },
      [`GET /api/merchant/institutions?offerId=o-1&period=${last}`]: {
        body: breakdown(last, 'o-1', [{ institution: 'Khalifa University', students: 9 }], 0),
      },
      [`GET /api/merchant/institutions?offerId=o-1&period=${before}`]: {
        body: breakdown(before, 'o-1', [], 0),
      },
    });
    renderApp('/merchant');
    const section = await screen.findByTestId('merchant-institutions-section');
    const month = within(section).getByRole('combobox', { name: 'Month' });
    expect(within(month).getAllByRole('option')).toHaveLength(12);
    const lastName = new Intl.DateTimeFormat('en-AE', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect((month as HTMLSelectElement).selectedOptions[0].textContent).toBe(
      lastName.format(new Date(`${last}-01T00:00:00Z`)),
    );
    const where = await within(section).findByRole('table', { name: 'Where the students study' });
    within(where).getByRole('row', { name: /Khalifa University 9/ });
    within(where).getByRole('row', { name: 'Other institutions 10–14' });
    within(section).getByText(/named only when at least 5 of its students are counted/);
    within(section).getByText(/could otherwise show where one student studies/);

    const user = userEvent.setup();
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Offer' }), 'o-1');
    await waitFor(() =>
      within(within(section).getByRole('table')).getByRole('row', {
        name: 'Other institutions fewer than 5',
      }),
    );
    await user.selectOptions(month, before);
    await within(section).findByText(
      `Fewer than 5 students revealed your codes in ${lastName.format(new Date(`${before}-01T00:00:00Z`))}, or their figures are hidden to protect students' privacy.`,
    );
    const asked = requests.filter((request) => request.path.startsWith('/api/merchant/institutions'));
    expect(asked.map((request) => request.path)).toEqual([
      `/api/merchant/institutions?period=${last}`,
      `/api/merchant/institutions?offerId=o-1&period=${last}`,
      `/api/merchant/institutions?offerId=o-1&period=${before}`,
    ]);
  });

  test('a custom range that ends before it starts is refused before asking', async () => {
    const { requests } = stubApi({
      'GET /api/auth/user': { body: { user: merchant } },
      'GET /api/merchant/offers': { body: [] },
    });
    renderApp('/merchant');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await fill(user, from, '2026-11-10');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await fill(user, to, '2026-11-01');
    await screen.findByText('The start date must be on or before the end date.');
    expect(requests.filter((request) => request.path.includes('to=2026-11-01'))).toHaveLength(0);
  });
});
