import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { api, type User } from '@tullab/web-kit/api/client';
import { makeStore } from '@tullab/web-kit/store';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderWithProviders } from '../../../testing/render';
import type { MyCode, MyCodesPage } from '../my-codes-api';
import { MY_CODES_PER_PAGE, MyCodesCard } from './MyCodesCard';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

const codesUrl = (page: number) => `GET /api/students/me/codes?page=${page}&perPage=${MY_CODES_PER_PAGE}`;

function myCode(overrides: Partial<MyCode> = {}): MyCode {
  return {
    id: 'r-1',
    offerId: 'o-1',
    title: '15% off natural skincare',
    titleAr: 'خصم ١٥٪ على العناية الطبيعية بالبشرة',
    brandName: 'Desert Bloom',
    logoUrl: '/api/offers/o-1/logo?v=1',
    offerType: 'discount',
    code: 'DESERTBLOOM-7F2K',
    referralLink: null,
    state: 'live',
    revealedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

const pageOf = (data: MyCode[], total = data.length, page = 1): MyCodesPage => ({
  data,
  total,
  page,
  perPage: MY_CODES_PER_PAGE,
});

/** The card for a verified student, the server answering `routes`. */
function renderCard(routes: Record<string, StubRoute>) {
  const store = makeStore();
  store.dispatch(api.util.upsertQueryData('getUser', undefined, studentUser('active') as User));
  const stub = stubApi({
    'POST /api/offers/o-1/copy': { status: 202, body: {} },
    'POST /api/offers/o-2/copy': { status: 202, body: {} },
    'POST /api/offers/o-3/referral-click': { status: 202, body: {} },
    ...routes,
  });
  renderWithProviders(<MyCodesCard />, { store });
  return { ...stub, user: userEvent.setup() };
}

/** The codes listed (the pagination's own list items left out). */
const rows = (name = 'Your codes') => within(screen.getByRole('list', { name })).getAllByRole('listitem');

describe('My codes, in English', () => {
  test('lists each code with its offer, logo, date and state; "Copy again" copies it and counts one copy', async () => {
    const { sent, user } = renderCard({
      [codesUrl(1)]: {
        body: pageOf([
          myCode(),
          myCode({
            id: 'r-2',
            offerId: 'o-2',
            title: 'Books at half price',
            titleAr: null,
            brandName: 'Page Turner',
            logoUrl: null,
            code: 'PAGES-50',
            state: 'paused',
            revealedAt: '2026-11-02T12:00:00.000Z',
          }),
          myCode({
            id: 'r-3',
            offerId: 'o-3',
            title: 'First ride free',
            brandName: 'Souk Rides',
            offerType: 'referral',
            code: null,
            referralLink: 'https://rides.example/students',
            state: 'live',
          }),
          myCode({
            id: 'r-4',
            offerId: 'o-4',
            title: 'Cinema tickets',
            brandName: 'Reel Dunes',
            offerType: 'referral',
            code: null,
            referralLink: null,
            state: 'expired',
          }),
        ]),
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'My codes' });
    await screen.findByText('DESERTBLOOM-7F2K');
    const [first, second, third, fourth] = rows();
    // one page: no page controls, no range
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByText(/^Codes \d/)).toBeNull();

    expect(screen.getByRole('listitem', { name: '15% off natural skincare' })).toBe(first);
    within(first).getByRole('heading', { level: 3, name: '15% off natural skincare' });
    within(first).getByText('Desert Bloom');
    within(first).getByText('Revealed on 20 Nov 2026');
    expect(within(first).getByText('Revealed on 20 Nov 2026').getAttribute('datetime')).toBe(
      '2026-11-20T09:30:00.000Z',
    );
    within(first).getByText('Live');
    expect(within(first).getByText('DESERTBLOOM-7F2K').getAttribute('dir')).toBe('ltr');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/api/offers/o-1/logo?v=1');

    within(second).getByText('Paused');
    within(second).getByText(/This offer is paused for now/);
    within(second).getByText('PAGES-50');

    const open = within(third).getByRole('link', { name: 'Open link (opens in a new tab)' });
    expect(open.getAttribute('href')).toBe('https://rides.example/students');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    within(fourth).getByText('Expired');
    within(fourth).getByText(/The link shows here while the offer is live/);
    expect(within(fourth).queryByRole('button')).toBeNull();

    // the button says which offer it copies the code of
    const copy = within(first).getByRole('button', {
      name: 'Copy again',
      description: '15% off natural skincare',
    });
    await user.click(copy);
    await findToast('Code copied!');
    screen.getByText('Your Desert Bloom code is on the clipboard.');
    expect(await navigator.clipboard.readText()).toBe('DESERTBLOOM-7F2K');
    await waitFor(() => expect(sent('POST /api/offers/o-1/copy')).toHaveLength(1));
    expect(sent('POST /api/offers/o-1/copy')[0].body).toEqual({ studentId: studentUser().id });

    // a paused offer's code is still copied, but nothing counts it
    await user.click(within(second).getByRole('button', { name: 'Copy again' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('PAGES-50'));
    expect(sent('POST /api/offers/o-2/copy')).toHaveLength(0);
  });

  test('no codes yet: says so and links to the offers', async () => {
    renderCard({ [codesUrl(1)]: { body: pageOf([]) } });
    await screen.findByText("You haven't revealed any codes yet");
    expect(screen.getByRole('link', { name: 'Browse offers' }).getAttribute('href')).toBe('/#discounts');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  test('while loading: a status says so', async () => {
    renderCard({ [codesUrl(1)]: () => new Promise(() => undefined) });
    expect((await screen.findByRole('status')).textContent).toBe('Loading your codes...');
  });

  test('a failure offers "Try again", which asks again and shows the codes', async () => {
    let calls = 0;
    const { user, sent } = renderCard({
      [codesUrl(1)]: () =>
        ++calls === 1 ? { status: 500, body: { message: 'boom' } } : { body: pageOf([myCode()]) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load your codes. Please try again.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('DESERTBLOOM-7F2K');
    expect(sent(codesUrl(1))).toHaveLength(2);
  });

  test('pages come from the server: the controls ask for the next page and tell where the student is', async () => {
    const firstPage = Array.from({ length: MY_CODES_PER_PAGE }, (_, i) =>
      myCode({ id: `r-${i}`, code: `CODE-${i}` }),
    );
    const { user, sent } = renderCard({
      [codesUrl(1)]: { body: pageOf(firstPage, 7) },
      [codesUrl(2)]: {
        body: pageOf([myCode({ id: 'r-5', code: 'CODE-5' }), myCode({ id: 'r-6', code: 'CODE-6' })], 7, 2),
      },
    });
    await screen.findByText('CODE-0');
    expect(rows()).toHaveLength(MY_CODES_PER_PAGE);
    screen.getByText('Codes 1–5 of 7');
    const pages = screen.getByRole('navigation', { name: 'Pages of your codes' });
    expect(
      within(pages).getByRole('button', { name: 'Page 1, current page' }).getAttribute('aria-current'),
    ).toBe('page');
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await screen.findByText('CODE-6');
    expect(rows()).toHaveLength(2);
    screen.getByText('Codes 6–7 of 7');
    within(pages).getByRole('button', { name: 'Page 2, current page' });
    expect(sent(codesUrl(2))).toHaveLength(1);
    await user.click(within(pages).getByRole('button', { name: 'Go to page 1' }));
    await screen.findByText('CODE-0');
  });
});

describe('My codes, in Arabic', () => {
  test('Arabic texts and titles (the English one where the offer has none), Arabic dates; the code stays left to right', async () => {
    await i18n.changeLanguage('ar');
    const { user } = renderCard({
      [codesUrl(1)]: {
        body: pageOf(
          [
            myCode(),
            myCode({
              id: 'r-2',
              offerId: 'o-2',
              title: 'Books at half price',
              titleAr: null,
              code: 'PAGES-50',
              state: 'expired',
            }),
          ],
          6,
        ),
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'أكوادي' });
    await screen.findByText('DESERTBLOOM-7F2K');
    const [first, second] = rows('أكوادك');
    within(first).getByRole('heading', { level: 3, name: 'خصم ١٥٪ على العناية الطبيعية بالبشرة' });
    within(first).getByText('متاح');
    const date = new Intl.DateTimeFormat('ar-AE', { dateStyle: 'medium' }).format(
      new Date('2026-11-20T09:30:00.000Z'),
    );
    within(first).getByText(`حصلت عليه في ${date}`);
    expect(within(first).getByText('DESERTBLOOM-7F2K').getAttribute('dir')).toBe('ltr');
    const english = within(second).getByRole('heading', { level: 3, name: 'Books at half price' });
    expect(english.getAttribute('dir')).toBe('auto');
    within(second).getByText('منتهٍ');
    within(second).getByText(/انتهى هذا العرض/);
    screen.getByRole('navigation', { name: 'صفحات أكوادك' });

    await user.click(within(first).getByRole('button', { name: 'انسخه مرة أخرى' }));
    await findToast('تم نسخ الكود!');
    expect(await navigator.clipboard.readText()).toBe('DESERTBLOOM-7F2K');
  });

  test('no codes yet, in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderCard({ [codesUrl(1)]: { body: pageOf([]) } });
    await screen.findByText('لم تحصل على أي كود بعد');
    screen.getByRole('link', { name: 'تصفّح العروض' });
  });
});
