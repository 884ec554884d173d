import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectDataProviderErrors } from '../../testing/browser';
import { renderConsole } from '../../testing/render-console';
import { listReply } from '../../testing/stub-api';
import type { EmailRecord } from './types';

afterEach(() => jest.restoreAllMocks());

const refused: EmailRecord = {
  id: '3c9d5e1a-7b2f-4c8d-9e0a-1b2c3d4e5f60',
  template: 'verification-approved',
  recipient: 'sara@uaeu.ac.ae',
  subject: 'Your Tullab student status is verified',
  status: 'failed',
  attempts: 1,
  lastError: 'EENVELOPE 550: Mailbox unavailable',
  nextAttemptAt: null,
  expiresAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:02.000Z',
  sentAt: null,
  retryable: true,
  retryNote: null,
};

const codeMail: EmailRecord = {
  ...refused,
  id: '4d0e6f2b-8c3a-4d9e-8f1b-2c3d4e5f6a71',
  template: 'password-reset-code',
  subject: 'password-reset-code',
  recipient: 'omar@student.test',
  retryable: false,
  retryNote: 'This e-mail carried a one-time code or link, which is not kept once a mail fails',
};

describe('e-mails', () => {
  test('failed e-mails are listed by default with their error; Retry asks first, then sends one again', async () => {
    let current = refused;
    const { sent } = renderConsole('/emails', {
      'GET /api/admin/emails': (req) =>
        listReply(
          'emails',
          [current, codeMail].filter((r) => r.status === (req.query.filter as { status?: string }).status),
        ),
      [`POST /api/admin/emails/${refused.id}/retry`]: () => {
        current = { ...current, status: 'pending', retryable: false };
        return { body: current };
      },
    });
    const user = userEvent.setup();
    const row = (await screen.findByText('sara@uaeu.ac.ae')).closest('tr')!;
    expect(sent('GET /api/admin/emails')[0].query.filter).toEqual({ status: 'failed' });
    within(row).getByText('EENVELOPE 550: Mailbox unavailable');
    within(row).getByText('Your Tullab student status is verified');
    within(row).getByText('Failed');
    // a mail whose code was dropped cannot be sent again: no Retry on its row
    const codeRow = screen.getByText('omar@student.test').closest('tr')!;
    within(codeRow).getByText('Password reset code');
    expect(within(codeRow).queryByRole('button', { name: 'Retry' })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/goes to sara@uaeu\.ac\.ae again/);
    expect(sent(`POST /api/admin/emails/${refused.id}/retry`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await screen.findByText('The e-mail will be sent again in a few seconds');
    expect(sent(`POST /api/admin/emails/${refused.id}/retry`)).toHaveLength(1);
    // the list loads again: the mail is no longer failed
    await waitFor(() => expect(screen.queryByText('sara@uaeu.ac.ae')).toBeNull());
  });

  test('an e-mail opens with its error; a refused retry shows the server’s reason', async () => {
    expectDataProviderErrors();
    const { sent } = renderConsole(`/emails/${refused.id}/show`, {
      [`GET /api/admin/emails/${refused.id}`]: { body: refused },
      [`POST /api/admin/emails/${refused.id}/retry`]: {
        status: 409,
        body: { message: 'Only a failed e-mail can be sent again' },
      },
    });
    const user = userEvent.setup();
    await screen.findByText('E-mail to sara@uaeu.ac.ae');
    screen.getByText('EENVELOPE 550: Mailbox unavailable');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Only a failed e-mail can be sent again');
    expect(sent(`POST /api/admin/emails/${refused.id}/retry`)).toHaveLength(1);
  });

  test('an e-mail that cannot be sent again says why and has no Retry', async () => {
    renderConsole(`/emails/${codeMail.id}/show`, {
      [`GET /api/admin/emails/${codeMail.id}`]: { body: codeMail },
    });
    await screen.findByText(/carried a one-time code or link/);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  test('a list that cannot load says so', async () => {
    expectDataProviderErrors();
    renderConsole('/emails', {
      'GET /api/admin/emails': { status: 503, body: { message: 'Notifications service unavailable' } },
    });
    await screen.findByText('Notifications service unavailable');
  });
});
