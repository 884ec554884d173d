import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../../testing/render-console';
import { listReply } from '../../testing/stub-api';
import type { ContactMessageRecord } from './types';

afterEach(() => jest.restoreAllMocks());

const message: ContactMessageRecord = {
  id: '7a7b7c7d-8e8f-4a9a-8b0b-c1c2d3e4f5a6',
  firstName: 'Noura',
  lastName: 'Ali',
  email: 'noura@example.com',
  message: 'My verification e-mail never arrived. Could you help?',
  status: 'new',
  createdAt: '2026-11-20T09:00:00.000Z',
  handledAt: null,
  handledBy: null,
};

describe('contact messages', () => {
  test('new messages are listed by default; one is marked handled from its row', async () => {
    let current = message;
    const { sent } = renderConsole('/contact-messages', {
      'GET /api/admin/contact-messages': () => listReply('contact-messages', [current]),
      [`POST /api/admin/contact-messages/${message.id}/handle`]: () => {
        current = { ...current, status: 'handled', handledAt: '2026-11-20T10:00:00.000Z' };
        return { body: current };
      },
    });
    const user = userEvent.setup();
    await screen.findByText('Noura Ali');
    expect(sent('GET /api/admin/contact-messages')[0].query.filter).toEqual({ status: 'new' });
    await user.click(screen.getByRole('button', { name: 'Mark handled' }));
    await screen.findByText('Message marked as handled');
    await screen.findByRole('button', { name: 'Reopen' });
    expect(sent(`POST /api/admin/contact-messages/${message.id}/handle`)).toHaveLength(1);
  });

  test('a message opens in full, and can be reopened once handled', async () => {
    const handled = { ...message, status: 'handled' as const, handledAt: '2026-11-20T10:00:00.000Z' };
    const { sent } = renderConsole(`/contact-messages/${message.id}/show`, {
      [`GET /api/admin/contact-messages/${message.id}`]: { body: handled },
      [`POST /api/admin/contact-messages/${message.id}/reopen`]: { body: message },
    });
    await screen.findByText('My verification e-mail never arrived. Could you help?');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(sent(`POST /api/admin/contact-messages/${message.id}/reopen`)).toHaveLength(1),
    );
  });
});
