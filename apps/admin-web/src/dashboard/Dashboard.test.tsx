import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectDataProviderErrors } from '../testing/browser';
import { dashboardRoutes, offer, queueCounts } from '../testing/fixtures';
import { renderConsole } from '../testing/render-console';
import { listReply } from '../testing/stub-api';

afterEach(() => jest.restoreAllMocks());

const top = offer({ currentUses: 42 });
const second = offer({
  id: 'b1b2b3b4-c5c6-4d7d-8e8e-f9f0a1a2b3c4',
  brandName: 'Karak House',
  title: 'Free karak',
  currentUses: 7,
});

const panel = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('section')!;

describe('dashboard', () => {
  test('shows what waits, verifications per day, offers by uses, the top offer’s statistics, failed e-mails and the queues', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());
    const { sent } = renderConsole('/', {
      ...dashboardRoutes(),
      'GET /api/admin/offers': listReply('offers', [top, second]),
      [`GET /api/admin/offers/${top.id}/stats`]: listReply('offer-stats', [
        {
          id: today,
          day: today,
          viewsStudents: 30,
          viewsVisitors: 4,
          viewsCalls: 52,
          linkCopiesStudents: 1,
          linkCopiesVisitors: 0,
          linkCopiesCalls: 1,
          codeCopiesStudents: 6,
          codeCopiesVisitors: 1,
          codeCopiesCalls: 9,
          referralClicksStudents: 0,
          referralClicksVisitors: 0,
          referralClicksCalls: 0,
          redemptions: 5,
        },
      ]),
      'GET /api/admin/jobs/summary': { body: [queueCounts('notifications', 3), queueCounts('offers')] },
      'GET /api/admin/emails': listReply('emails', [{ id: 'e1' }], 4),
    });

    const pending = await panel('Pending reviews');
    expect((await within(pending).findByText('Waiting for review')).nextSibling?.textContent).toBe('12');
    expect(within(pending).getByRole('link', { name: 'Review now' }).getAttribute('href')).toContain(
      '/verifications',
    );

    const perDay = await panel('Verifications per day');
    const chart = await within(perDay).findByRole('group', { name: /per day, last 30 days/ });
    within(chart).getByRole('img', { name: 'Fri, 20 Nov 2026: 7 submitted, 4 approved, 0 rejected' });

    const ranking = await panel('Offers by uses');
    const items = await within(ranking).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Desert Bloom: 20% off for students42 uses',
      'Karak House: Free karak7 uses',
    ]);
    expect(sent('GET /api/admin/offers')[0].query).toMatchObject({
      sort: ['currentUses', 'DESC'],
      range: [0, 9],
    });

    const stats = await panel('Offer statistics');
    await within(stats).findByRole('group', { name: 'Redemptions per day' });
    // students and visitors once a day each, apart, and every call (decision 008)
    const views = within(stats).getByText('Views by students (30 days)');
    expect(views.nextSibling?.textContent).toBe('30');
    expect(views.nextSibling?.nextSibling?.textContent).toBe('4 visitors · 52 all calls');
    expect(within(stats).getByText('Redemptions (30 days)').nextSibling?.textContent).toBe('5');
    const viewChart = within(stats).getByRole('group', { name: 'Views per day' });
    within(viewChart).getByRole('img', { name: /: 30 students, 4 visitors, 52 all calls$/ });
    within(within(stats).getByRole('group', { name: 'Code copies per day' })).getByRole('img', {
      name: /: 6 students, 1 visitors, 9 all calls$/,
    });

    const jobs = await panel('Background jobs');
    const failed = await within(jobs).findByRole('link', { name: '3 failed jobs in notifications' });
    expect(decodeURIComponent(failed.getAttribute('href') ?? '')).toContain(
      '/jobs?filter={"queue":"notifications"}',
    );
    // e-mails the mail server refused for good: counted, linking to the failed ones
    const emails = await within(jobs).findByRole('link', { name: '4 failed e-mails' });
    expect(decodeURIComponent(emails.getAttribute('href') ?? '')).toContain(
      '/emails?filter={"status":"failed"}',
    );
    expect(sent('GET /api/admin/emails')[0].query).toMatchObject({
      filter: { status: 'failed' },
      range: [0, 0],
    });
  });

  test('another offer can be picked for the statistics', async () => {
    const { sent } = renderConsole('/', {
      ...dashboardRoutes(),
      'GET /api/admin/offers': listReply('offers', [top, second]),
      [`GET /api/admin/offers/${second.id}/stats`]: listReply('offer-stats', []),
    });
    const user = userEvent.setup();
    const stats = await panel('Offer statistics');
    await user.click(await within(stats).findByRole('combobox', { name: 'Offer' }));
    await user.click(await screen.findByRole('option', { name: 'Karak House: Free karak' }));
    await waitFor(() => expect(sent(`GET /api/admin/offers/${second.id}/stats`)).toHaveLength(1));
    expect(sent(`GET /api/admin/offers/${second.id}/stats`)[0].query.filter).toHaveProperty('day_gte');
  });

  test('a panel whose data fails shows the error with a retry; the others still work', async () => {
    expectDataProviderErrors();
    let failing = true;
    renderConsole('/', {
      ...dashboardRoutes(),
      'GET /api/admin/jobs/summary': () =>
        failing
          ? { status: 503, body: { message: 'Redis is unavailable' } }
          : { body: [queueCounts('identity', 1)] },
    });
    const jobs = await panel('Background jobs');
    await within(jobs).findByText('Redis is unavailable');
    await within(await panel('Offers by uses')).findByText('42 uses');
    failing = false;
    await userEvent.setup().click(within(jobs).getByRole('button', { name: 'Try again' }));
    await within(jobs).findByRole('link', { name: '1 failed job in identity' });
  });
});
