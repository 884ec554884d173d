import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@tullab/web-kit/notify';
import { renderWithProviders } from '../testing/render';

describe('toasts (SPEC §9 notifications)', () => {
  test('a toast shows its title and text, and the newest replaces the one on screen', async () => {
    renderWithProviders(<p>page</p>);
    act(() => {
      notify('Code Copied!', 'Discount code has been copied to your clipboard.', 'success');
    });
    await screen.findByText('Code Copied!');
    screen.getByText('Discount code has been copied to your clipboard.');
    act(() => {
      notify('Link Copied!');
    });
    await screen.findByText('Link Copied!', {}, { timeout: 3000 });
    expect(screen.queryByText('Code Copied!')).toBeNull();
  });

  test('F8 moves focus to the toast', async () => {
    renderWithProviders(<p>page</p>);
    act(() => {
      notify('Message Sent!');
    });
    await screen.findByText('Message Sent!');
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Dismiss notification' }));
  });

  test('swiping a toast 50 px or more to the right dismisses it; less does not', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    act(() => {
      notify('Password Changed');
    });
    const toast = await screen.findByRole('alert');
    const swipe = (distance: number) =>
      user.pointer([
        { keys: '[TouchA>]', target: toast, coords: { clientX: 100, clientY: 10 } },
        { pointerName: 'TouchA', target: toast, coords: { clientX: 100 + distance, clientY: 10 } },
        { keys: '[/TouchA]', target: toast, coords: { clientX: 100 + distance, clientY: 10 } },
      ]);
    await swipe(30);
    screen.getByText('Password Changed');
    await swipe(60);
    await waitFor(() => expect(screen.queryByText('Password Changed')).toBeNull());
  });
});
