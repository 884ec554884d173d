import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queueCounts } from '../../testing/fixtures';
import { renderConsole } from '../../testing/render-console';
import { listReply } from '../../testing/stub-api';
import type { FailedJobRecord } from './types';

afterEach(() => jest.restoreAllMocks());

const job: FailedJobRecord = {
  id: 'notifications:ev-0b3c',
  queue: 'notifications',
  jobId: 'ev-0b3c',
  name: 'email.requested',
  failedReason: '550 5.1.1 Mailbox unavailable',
  attemptsMade: 1,
  attempts: 8,
  createdAt: '2026-11-20T10:00:00.000Z',
  failedAt: '2026-11-20T10:00:02.000Z',
  requestId: 'req-42',
};

describe('failed jobs', () => {
  test('lists failed jobs with the counts per queue, and retries one', async () => {
    let failed = 1;
    const { sent } = renderConsole('/jobs', {
      'GET /api/admin/jobs': () => listReply('jobs', failed ? [job] : []),
      'GET /api/admin/jobs/summary': () => ({
        body: [queueCounts('notifications', failed), queueCounts('offers')],
      }),
      'POST /api/admin/jobs/notifications%3Aev-0b3c/retry': () => {
        failed = 0;
        return { body: { ...job, failedReason: '' } };
      },
    });
    const user = userEvent.setup();
    await screen.findByText('550 5.1.1 Mailbox unavailable');
    screen.getByText('1 of 8');
    const counts = screen.getByRole('table', { name: 'Background jobs per queue' });
    within(counts).getByRole('link', { name: '1 failed job in notifications' });

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('The job is queued again');
    expect(sent('POST /api/admin/jobs/notifications%3Aev-0b3c/retry')).toHaveLength(1);
    // the counts load again after the action, like the list
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Background jobs per queue' })).queryByRole('link'),
      ).toBeNull(),
    );
    await waitFor(() => expect(screen.queryByText('550 5.1.1 Mailbox unavailable')).toBeNull());
  });

  test('the failed count of a queue opens the list filtered on that queue', async () => {
    const { sent } = renderConsole('/jobs', {
      'GET /api/admin/jobs': listReply('jobs', [job]),
      'GET /api/admin/jobs/summary': { body: [queueCounts('notifications', 1)] },
    });
    await userEvent.setup().click(await screen.findByRole('link', { name: '1 failed job in notifications' }));
    await waitFor(() =>
      expect(sent('GET /api/admin/jobs').map((r) => r.query.filter)).toContainEqual({
        queue: 'notifications',
      }),
    );
  });
});
