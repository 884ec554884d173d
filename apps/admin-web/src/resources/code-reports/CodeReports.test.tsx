import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dashboardRoutes, offer } from '../../testing/fixtures';
import { renderConsole } from '../../testing/render-console';
import { listReply } from '../../testing/stub-api';
import type { CodeReportSummary } from '@tullab/contracts';
import type { CodeReportRecord } from './types';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => jest.restoreAllMocks());

const report: CodeReportRecord = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  offerId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  offerTitle: '15% off coffee',
  brandName: 'Roasters',
  offerStatus: 'live',
  offerReportsOpen: 3,
  offerFlagged: true,
  userId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  redemptionId: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
  code: 'ROAST-1',
  reason: 'code-rejected',
  text: 'The till said invalid.',
  reporterEmail: 'mariam@example.com',
  reporterFirstName: 'Mariam',
  language: 'ar',
  status: 'open',
  outcome: null,
  answer: null,
  freshCode: null,
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-26T09:00:00.000Z',
};

const summary: CodeReportSummary = {
  open: 4,
  flaggedOffers: 1,
  flagged: [{ offerId: report.offerId, title: '15% off coffee', brandName: 'Roasters', reportsOpen: 3 }],
};

describe('code reports', () => {
  test('the queue lists open reports first with the counts, filtered by status', async () => {
    const { sent } = renderConsole('/code-reports', {
      'GET /api/admin/code-reports': listReply('code-reports', [report]),
      'GET /api/admin/code-reports/summary': { body: summary },
    });
    await screen.findByText('ROAST-1');
    expect(screen.getAllByText('Roasters: 15% off coffee')).toHaveLength(2);
    expect(screen.getByText('3 (flagged)')).toBeTruthy();
    expect(screen.getByText('Code rejected')).toBeTruthy();
    const counts = await screen.findByText('Open code reports');
    expect(counts.nextSibling?.textContent).toBe('4');
    expect(screen.getByText('Flagged offers').nextSibling?.textContent).toBe('1');
    expect(sent('GET /api/admin/code-reports')[0].query).toMatchObject({
      filter: { status: ['open'] },
      sort: ['createdAt', 'ASC'],
    });
  });

  test('a report shows the code and the offer; a fresh code is sent with a message after confirming', async () => {
    let current = report;
    const { sent } = renderConsole(`/code-reports/${report.id}/show`, {
      [`GET /api/admin/code-reports/${report.id}`]: () => ({ body: current }),
      [`POST /api/admin/code-reports/${report.id}/decision`]: () => {
        current = { ...current, status: 'answered', outcome: 'fresh-code', freshCode: 'ROAST-2' };
        return { body: current };
      },
    });
    const user = userEvent.setup();
    await screen.findByText('The till said invalid.');
    expect(screen.getByText('ROAST-1')).toBeTruthy();
    expect(screen.getByText('mariam@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Answer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause the offer' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send a fresh code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the student a fresh code?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send a fresh code' }));
    expect(await within(dialog).findByText('Please write a message to the student')).toBeTruthy();
    expect(sent(`POST /api/admin/code-reports/${report.id}/decision`)).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText(/Message to the student/), 'Here is a new one.');
    await user.click(within(dialog).getByRole('button', { name: 'Send a fresh code' }));
    await screen.findByText('Fresh code sent to the student');
    expect(sent(`POST /api/admin/code-reports/${report.id}/decision`)[0].body).toEqual({
      outcome: 'fresh-code',
      message: 'Here is a new one.',
    });
    await screen.findByText('ROAST-2');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Answer' })).toBeNull());
  });

  test('the dashboard counts open reports and flagged offers', async () => {
    renderConsole('/', {
      ...dashboardRoutes(),
      'GET /api/admin/code-reports/summary': { body: summary },
    });
    const panel = (await screen.findByRole('heading', { name: 'Code reports' })).closest('section')!;
    await within(panel).findByText('Roasters: 15% off coffee');
    expect(within(panel).getByText('Open code reports').nextSibling?.textContent).toBe('4');
    expect(within(panel).getByText(/3 open reports/)).toBeTruthy();
  });

  test('a flagged offer says so on its page, with its reports linked', async () => {
    const flagged = { ...offer(), reportsOpen: 3, flagged: true };
    renderConsole(`/offers/${flagged.id}/show`, {
      [`GET /api/admin/offers/${flagged.id}`]: { body: flagged },
      [`GET /api/admin/offers/${flagged.id}/stats`]: listReply('offer-stats', []),
    });
    await screen.findByText(/Flagged: students reported 3 codes/);
    const link = screen.getByRole('link', { name: 'See the reports' });
    expect(decodeURIComponent(link.getAttribute('href')!)).toContain(`"offerId":"${flagged.id}"`);
  });
});
