import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@tullab/web-kit/api/client';
import { studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import {
  cleanUpAfterEach,
  details,
  discountOffer,
  openModal,
  referralOffer,
  verified,
} from './OfferModal.fixture';

cleanUpAfterEach();

describe('offer modal, Details states (SPEC §4, first match wins)', () => {
  test('1: while the user is being checked: "Loading..." and "Checking your authentication status"', async () => {
    openModal(discountOffer, undefined);
    await screen.findByText('Loading...');
    screen.getByText('Checking your authentication status');
    screen.getByRole('button', { name: 'Share this offer' });
  });

  test('2: a visitor sees "Student Login Required" and a link to /login, and no redemption is ever requested', async () => {
    const { sent, requests, user } = openModal(discountOffer, null);
    await screen.findByText('Student Login Required');
    expect(screen.getByRole('link', { name: 'Sign in to continue' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Redeem discount code' })).toBeNull();
    for (const tab of ['Guide', "T&C's", 'Details']) await user.click(screen.getByRole('tab', { name: tab }));
    await user.click(screen.getByRole('button', { name: 'Share this offer' }));
    await screen.findByText('Link Copied!');
    expect(requests.filter((r) => r.path.includes('/redeem'))).toEqual([]);
    expect(sent('POST /api/offers/b3c1/redeem')).toHaveLength(0);
  });

  test('3: an unverified student sees "Account Verification Required" and a link to /student-verification', async () => {
    const { requests } = openModal(discountOffer, studentUser('pending') as User);
    await screen.findByText('Account Verification Required');
    screen.getByText('You need to verify your student account to redeem discount codes');
    expect(screen.getByRole('link', { name: 'Verify Account' }).getAttribute('href')).toBe(
      '/student-verification',
    );
    expect(requests.filter((r) => r.path.includes('/redeem'))).toEqual([]);
  });

  test('3: a student without any verification is treated the same', async () => {
    openModal(discountOffer, studentUser('none', { verification: null }) as User);
    await screen.findByText('Account Verification Required');
  });

  test('4: a verified student redeems at once, sees the code and copies it; the copy is tracked once per 1.5 s', async () => {
    const { sent, user } = openModal(discountOffer, verified(), {
      'POST /api/offers/b3c1/redeem': { body: { code: 'DESERTBLOOM-7F2K' } },
    });
    await screen.findByText('Redeem Your Discount');
    await user.click(screen.getByRole('button', { name: 'Redeem discount code' }));

    await screen.findByText('Your Discount Code');
    within(details()).getByText('DESERTBLOOM-7F2K');
    await screen.findByText('Code Redeemed!');
    screen.getByText('Your discount code for Desert Bloom is ready.');
    expect(sent('POST /api/offers/b3c1/redeem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(sent('POST /api/offers/b3c1/copy')).toHaveLength(1));
    expect(await navigator.clipboard.readText()).toBe('DESERTBLOOM-7F2K');
    expect(sent('POST /api/offers/b3c1/copy')[0].body).toEqual({ studentId: verified().id });

    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(sent('POST /api/offers/b3c1/copy')).toHaveLength(1);

    // The toast queues behind 'Code Redeemed!' (one at a time); the modal's live region says it at once.
    expect(within(screen.getByRole('dialog')).getByRole('status').textContent).toBe(
      'Code Copied! Discount code has been copied to your clipboard.',
    );
  });

  test('4: a referral offer opens the link from the redemption in a new tab, once per 5 s, and records the click', async () => {
    const tab = { opener: {}, location: { replace: jest.fn() }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { sent, user } = openModal(referralOffer, verified(), {
      'POST /api/offers/r9/redeem': { body: { referralLink: 'https://soukrides.ae/students?ref=tullab' } },
    });
    await screen.findByText('Your Offer is Ready');
    await user.click(screen.getByRole('button', { name: 'Get Offer' }));

    await waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledWith('https://soukrides.ae/students?ref=tullab'),
    );
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    await screen.findByText('Offer Ready!');
    screen.getByText('Your special access link for Souk Rides is ready.');
    await waitFor(() => expect(sent('POST /api/offers/r9/referral-click')).toHaveLength(1));
    expect(sent('POST /api/offers/r9/referral-click')[0].body).toEqual({ studentId: verified().id });

    await user.click(screen.getByRole('button', { name: 'Get Offer' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(sent('POST /api/offers/r9/redeem')).toHaveLength(1);
  });

  test('a referral link that is not a web address is never opened', async () => {
    const tab = { opener: {}, location: { replace: jest.fn() }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = openModal(referralOffer, verified(), {
      'POST /api/offers/r9/redeem': { body: { referralLink: 'javascript:alert(1)' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Get Offer' }));
    await screen.findByText('Link Failed');
    screen.getByText('Failed to open referral link. Please try again.');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  test.each<[number, string, StubRoute, string]>([
    // The session is gone: asking who the user is now answers 401 too.
    [
      401,
      'Your session has ended',
      { status: 401, body: { message: 'Not authenticated' } },
      'Student Login Required',
    ],
    // The verification lapsed meanwhile: the user asked again is no longer active.
    [
      403,
      'Your student status is not verified',
      { body: studentUser('expired') },
      'Account Verification Required',
    ],
  ])(
    'a %i refusal of the redemption shows the server message "%s" and the matching Details state',
    async (status, message, userAnswer, title) => {
      const { user, sent } = openModal(discountOffer, verified(), {
        'POST /api/offers/b3c1/redeem': { status, body: { message } },
        'GET /api/auth/user': userAnswer,
      });
      await user.click(await screen.findByRole('button', { name: 'Redeem discount code' }));
      await screen.findByText('Redeem Failed');
      screen.getByText(message);
      await screen.findByText(title);
      expect(screen.queryByText('Your Discount Code')).toBeNull();
      // The cached user is asked for again, so the header and the modal show the current state.
      await waitFor(() => expect(sent('GET /api/auth/user')).toHaveLength(1));
    },
  );

  test('a server failure says "Redeem Failed" with the SPEC text, and an empty code is never shown', async () => {
    const { user } = openModal(discountOffer, verified(), {
      'POST /api/offers/b3c1/redeem': { status: 500, body: { message: 'Something went wrong' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Redeem discount code' }));
    await screen.findByText('Failed to redeem offer. Please try again.');
    screen.getByText('Redeem Your Discount');
  });

  test('an empty code from the server counts as a failure', async () => {
    const { user } = openModal(discountOffer, verified(), {
      'POST /api/offers/b3c1/redeem': { body: { code: ' ' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Redeem discount code' }));
    await screen.findByText('Redeem Failed');
    expect(screen.queryByText('Your Discount Code')).toBeNull();
  });
});
