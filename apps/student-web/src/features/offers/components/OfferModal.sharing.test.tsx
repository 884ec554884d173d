import { screen, waitFor } from '@testing-library/react';
import { cleanUpAfterEach, discountOffer, openModal, referralOffer } from './OfferModal.fixture';

cleanUpAfterEach();

describe('offer modal, sharing', () => {
  test('without the Web Share API the link /?offer=<id> is copied, "Link Copied!" shows and link_copy is recorded', async () => {
    const { sent, user } = openModal(discountOffer, null, {
      'POST /api/analytics': { status: 202, body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'Share this offer' }));
    await screen.findByText('Link Copied!');
    screen.getByText('Share link has been copied to your clipboard.');
    expect(await navigator.clipboard.readText()).toBe('http://localhost/?offer=b3c1');
    await waitFor(() => expect(sent('POST /api/analytics')).toHaveLength(1));
    expect(sent('POST /api/analytics')[0].body).toEqual({
      eventType: 'link_copy',
      offerId: 'b3c1',
      metadata: JSON.stringify({ brandName: 'Desert Bloom' }),
    });
  });

  test('a referral offer\'s copied link says "Special access link has been copied to your clipboard."', async () => {
    const { user } = openModal(referralOffer, null);
    await user.click(await screen.findByRole('button', { name: 'Share this offer' }));
    await screen.findByText('Special access link has been copied to your clipboard.');
  });

  test('with the Web Share API the share sheet gets the link; cancelling it is not an error', async () => {
    const share = jest
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new DOMException('x', 'AbortError'));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { sent, user } = openModal(discountOffer, null, {
      'POST /api/analytics': { status: 202, body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'Share this offer' }));
    await waitFor(() => expect(sent('POST /api/analytics')).toHaveLength(1));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: 'http://localhost/?offer=b3c1' }));
    await user.click(screen.getByRole('button', { name: 'Share this offer' }));
    expect(share).toHaveBeenCalledTimes(2);
    expect(sent('POST /api/analytics')).toHaveLength(1);
    expect(screen.queryByText('Link Copied!')).toBeNull();
    expect(screen.queryByText('Share Failed')).toBeNull();
  });

  test('when copying is refused: "Share Failed" - "Failed to copy share link."', async () => {
    const { user } = openModal(discountOffer, null);
    jest
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'Share this offer' }));
    await screen.findByText('Share Failed');
    screen.getByText('Failed to copy share link.');
  });
});

test('a tracking call that fails is only logged: the student sees nothing of it', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { sent, user } = openModal(discountOffer, null, {
    'POST /api/analytics': { status: 503, body: { message: 'Tracking unavailable' } },
  });
  await user.click(await screen.findByRole('button', { name: 'Share this offer' }));
  await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to record link_copy', expect.anything()));
  expect(sent('POST /api/analytics')).toHaveLength(1);
  screen.getByText('Link Copied!');
  expect(screen.queryByText('Tracking unavailable')).toBeNull();
});
