import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { api, type User } from '@tullab/web-kit/api/client';
import { makeStore } from '@tullab/web-kit/store';
import { stubApi, studentUser, type StubReply, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderWithProviders } from '../../../testing/render';
import type { Offer } from '../offer';
import { makeOffer } from '../testing/offer-factory';
import { DETAILS_FAILED, OfferModal } from './OfferModal';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
  delete (navigator as { share?: unknown }).share;
});

const discountOffer = makeOffer({
  id: 'b3c1',
  brandName: 'Desert Bloom',
  title: '15% off natural skincare',
  discountType: 'percentage',
  discountValue: 15,
});
const referralOffer = makeOffer({
  id: 'r9',
  brandName: 'Souk Rides',
  offerType: 'referral',
  title: 'First ride free',
});

/** The modal over a store whose user is `user` (null: a visitor, as the server's 401 says; undefined: still asking). */
function openModal(offer: Offer, user: User | null | undefined, routes: Record<string, StubRoute> = {}) {
  const store = makeStore();
  const pendingUser = new Promise<never>(() => undefined);
  const tracking: Record<string, StubRoute> = {
    [`POST /api/offers/${offer.id}/copy`]: { status: 202, body: {} },
    [`POST /api/offers/${offer.id}/referral-click`]: { status: 202, body: {} },
    'POST /api/analytics': { status: 202, body: {} },
  };
  const stub = stubApi({
    ...tracking,
    // the offer's texts, asked for as the modal opens (decision 007)
    [`GET /api/offers/${offer.id}`]: { body: offer },
    ...(user === undefined ? { 'GET /api/auth/user': () => pendingUser } : {}),
    ...routes,
  });
  if (user) store.dispatch(api.util.upsertQueryData('getUser', undefined, user));
  const onClose = jest.fn();
  renderWithProviders(<OfferModal offer={offer} open onClose={onClose} />, { store });
  return { ...stub, onClose, user: userEvent.setup() };
}

const verified = () => studentUser('active') as User;
const details = () => screen.getByRole('tabpanel');

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

describe('offer modal, tabs and closing', () => {
  test("Guide shows the default four steps and T&C's the default terms when the offer has none", async () => {
    const { user } = openModal(discountOffer, null);
    await user.click(screen.getByRole('tab', { name: 'Guide' }));
    expect(await within(details()).findAllByRole('listitem')).toHaveLength(4);
    await user.click(screen.getByRole('tab', { name: "T&C's" }));
    within(details()).getByText(/verified students with a UAE educational e-mail address/);
    within(details()).getByText('One code per student account.');
    within(details()).getByText(/18 years or older/);
  });

  test("the offer's own guide keeps its step numbers and its own terms are shown as written", async () => {
    const offer = makeOffer({
      discountRedemptionGuide: [
        { step: 1, instruction: 'Show your student card' },
        { step: 3, instruction: 'Pay at the till' },
      ],
      termsAndConditions: 'In store only.\nNot on sale items.',
    });
    const { user } = openModal(offer, null);
    await user.click(screen.getByRole('tab', { name: 'Guide' }));
    const steps = await within(details()).findAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['1Show your student card', '3Pay at the till']);
    await user.click(screen.getByRole('tab', { name: "T&C's" }));
    within(details()).getByText(/In store only\./);
  });

  test("the catalogue's fields show at once; the guide, the terms and the website wait for the offer's texts", async () => {
    const offer = makeOffer({
      id: 'slow1',
      title: 'Half price smoothies',
      brandName: 'Juice Lab',
      websiteLink: 'https://juicelab.example',
      termsAndConditions: 'One per visit.',
    });
    let answer: (reply: StubReply) => void = () => undefined;
    const { user } = openModal(offer, null, {
      'GET /api/offers/slow1': () => new Promise<StubReply>((resolve) => (answer = resolve)),
    });
    within(details()).getByText('Half price smoothies');
    expect(within(details()).queryByRole('link', { name: /Juice Lab website/ })).toBeNull();
    await user.click(screen.getByRole('tab', { name: "T&C's" }));
    within(details()).getByRole('progressbar', { name: "Loading the offer's details" });
    act(() => answer({ body: offer }));
    await within(details()).findByText('One per visit.');
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    within(details()).getByRole('link', { name: /Juice Lab website/ });
  });

  test('texts that cannot be loaded: a message and a retry that loads them', async () => {
    let calls = 0;
    const { user } = openModal(discountOffer, null, {
      [`GET /api/offers/${discountOffer.id}`]: () =>
        ++calls === 1 ? { status: 503, body: { message: 'Unavailable' } } : { body: discountOffer },
    });
    await user.click(screen.getByRole('tab', { name: 'Guide' }));
    await within(details()).findByText(DETAILS_FAILED);
    await user.click(within(details()).getByRole('button', { name: 'Try again' }));
    expect(await within(details()).findAllByRole('listitem')).toHaveLength(4);
  });

  test('tabs work with the arrow keys, and Close and Escape close the modal', async () => {
    const { user, onClose } = openModal(discountOffer, null);
    act(() => screen.getByRole('tab', { name: 'Details' }).focus());
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Guide' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Guide' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('offer modal in Arabic (issue 12)', () => {
  test('a visitor reads the sign-in state, the default guide and terms in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { user } = openModal(discountOffer, null);
    await screen.findByText('سجّل الدخول بحساب الطالب');
    screen.getByRole('link', { name: 'سجّل الدخول للمتابعة' });
    expect(within(details()).getByText('15%').parentElement?.textContent).toBe('15% خصم');
    await user.click(screen.getByRole('tab', { name: 'طريقة الاستخدام' }));
    const steps = await within(details()).findAllByRole('listitem');
    expect(steps[0].textContent).toBe('1سجّل الدخول إلى حسابك في Tullab وأكمل التحقق من صفة الطالب.');
    await user.click(screen.getByRole('tab', { name: 'الشروط والأحكام' }));
    within(details()).getByText('كود واحد لكل حساب طالب.');
    screen.getByRole('button', { name: 'إغلاق' });
  });

  test('a link shared from the Arabic page opens in Arabic (lang=ar), with the toast in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { user } = openModal(discountOffer, null);
    await user.click(await screen.findByRole('button', { name: 'شارك هذا العرض' }));
    await screen.findByText('تم نسخ الرابط!');
    screen.getByText('تم نسخ رابط المشاركة إلى الحافظة.');
    expect(await navigator.clipboard.readText()).toBe('http://localhost/?offer=b3c1&lang=ar');
  });

  test('a failed redemption is told in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { user } = openModal(discountOffer, verified(), {
      'POST /api/offers/b3c1/redeem': { status: 500, body: { message: 'Internal error' } },
    });
    await user.click(await screen.findByRole('button', { name: 'احصل على كود الخصم' }));
    await screen.findByText('تعذّر الحصول على الكود');
    screen.getByText('تعذّر الحصول على العرض. يرجى المحاولة مرة أخرى.');
  });
});
