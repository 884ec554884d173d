import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectDataProviderErrors } from '../../testing/browser';
import { summary, verification } from '../../testing/fixtures';
import { renderConsole } from '../../testing/render-console';
import { listReply } from '../../testing/stub-api';

afterEach(() => jest.restoreAllMocks());

const emailRequest = verification({
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  method: 'email',
  studentEmail: 'omar@students.newuni.ac.ae',
  firstName: 'Omar',
  personalEmail: 'omar@example.com',
  documentType: null,
  hasDocument: false,
});

const listFilters = (requests: Array<{ query: Record<string, unknown> }>) =>
  requests.map((r) => r.query.filter);

describe('review queue', () => {
  test('lists pending requests first come first served, with the counts of what waits', async () => {
    const { sent } = renderConsole('/verifications', {
      'GET /api/admin/verifications': listReply('verifications', [verification(), emailRequest], 57),
      'GET /api/admin/verifications/summary': { body: summary() },
    });
    await screen.findByText('Layla (layla@example.com)');
    screen.getByText('omar@students.newuni.ac.ae');
    screen.getByText('Student ID');
    const [request] = sent('GET /api/admin/verifications');
    expect(request.query).toEqual({
      filter: { status: ['pending'] },
      sort: ['createdAt', 'ASC'],
      range: [0, 24],
    });

    const counts = (await screen.findByText('Waiting for review')).closest('dl')!;
    expect(within(counts).getByText('Waiting for review').nextSibling?.textContent).toBe('12');
    expect(within(counts).getByText('Documents').nextSibling?.textContent).toBe('8');
    expect(within(counts).getByText('Unrecognised e-mails').nextSibling?.textContent).toBe('4');
    screen.getByText(/1-25 of 57/);
  });

  test('the search runs on the server', async () => {
    const { sent } = renderConsole('/verifications', {
      'GET /api/admin/verifications': listReply('verifications', [verification()]),
      'GET /api/admin/verifications/summary': { body: summary() },
    });
    await screen.findByText('Layla (layla@example.com)');
    await userEvent.setup().type(screen.getByPlaceholderText('Name or e-mail'), 'omar');
    await waitFor(() =>
      expect(listFilters(sent('GET /api/admin/verifications'))).toContainEqual({
        status: ['pending'],
        q: 'omar',
      }),
    );
  });

  test('a list filter in the URL (a student’s requests) is sent as it is', async () => {
    const filter = encodeURIComponent(JSON.stringify({ userId: verification().userId }));
    const { sent } = renderConsole(`/verifications?filter=${filter}`, {
      'GET /api/admin/verifications': listReply('verifications', [verification()]),
      'GET /api/admin/verifications/summary': { body: summary() },
    });
    await screen.findByText('Layla (layla@example.com)');
    expect(listFilters(sent('GET /api/admin/verifications'))).toEqual([{ userId: verification().userId }]);
  });

  test('when the counts cannot be loaded, the error shows and the list still works', async () => {
    expectDataProviderErrors();
    renderConsole('/verifications', {
      'GET /api/admin/verifications': listReply('verifications', [verification()]),
      'GET /api/admin/verifications/summary': {
        status: 502,
        body: { message: 'Verification service unavailable' },
      },
    });
    await screen.findByText('Verification service unavailable');
    await screen.findByText('Layla (layla@example.com)');
  });
});
