import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectInteraction } from '@tullab/contracts';
import { pageLoad } from '@tullab/web-kit/components/SiteLink';
import { switchLanguage } from '@tullab/web-kit/i18n/start';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { fill } from '@tullab/web-kit/testing/fill';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const UID = 'Xk3_f-9q';
const DETAILS = `GET /connect/${UID}/details`;
const DECISION = `POST /connect/${UID}/decision`;
const BACK_TO_BRAND = `/oidc/auth/${UID}`;

const sara = {
  firstName: 'Sara',
  verified: true,
  verifiedUntil: '2027-06-30',
  institution: 'Zayed University',
};

function interaction(overrides: Partial<ConnectInteraction> = {}): ConnectInteraction {
  return {
    uid: UID,
    app: { name: 'Kicks online shop', mode: 'live' },
    scopes: ['student', 'first_name'],
    student: sara,
    ...overrides,
  };
}

/** The screen of a signed-in student, the provider answering `details`; the decision sends them back to the brand. */
function openScreen(details: StubRoute = { body: interaction() }, routes: Record<string, StubRoute> = {}) {
  const stub = stubApi({
    'GET /api/auth/user': { body: { user: studentUser('active', { firstName: 'Sara' }) } },
    [DETAILS]: details,
    [DECISION]: { body: { redirectTo: BACK_TO_BRAND } },
    ...routes,
  });
  const leave = jest.spyOn(pageLoad, 'assign').mockImplementation(() => undefined);
  const rendered = renderApp(`/connect/${UID}`);
  return { ...stub, ...rendered, leave, user: userEvent.setup() };
}

describe('/connect/:uid, the consent screen (issue 30, decision 019)', () => {
  test('while the request loads: a status says so', async () => {
    openScreen(() => new Promise(() => undefined));
    const loading = await screen.findByText('Loading the request...');
    expect(loading.closest('[role="status"]')).not.toBeNull();
  });

  test('a visitor is sent to log in, and comes back to the request once signed in', async () => {
    let signedIn = false;
    const student = studentUser('active', { firstName: 'Sara' });
    const { router, sent, user } = openScreen(
      () => ({ body: interaction({ student: signedIn ? sara : null }) }),
      {
        'GET /api/auth/user': () => (signedIn ? { body: { user: student } } : { status: 401, body: {} }),
        'POST /api/auth/login': () => {
          signedIn = true;
          return { body: { user: student } };
        },
      },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({
      from: { pathname: `/connect/${UID}`, search: '', hash: '' },
    });

    await fill(user, await screen.findByLabelText(/^Email/), 'sara@example.com');
    await fill(user, screen.getByLabelText(/^Password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', {
      level: 1,
      name: 'Kicks online shop wants to confirm you are a verified student',
    });
    expect(router.state.location.pathname).toBe(`/connect/${UID}`);
    // asked again after the sign-in, not read from before it
    expect(sent(DETAILS)).toHaveLength(2);
  });

  test('shows what the app will see and nothing more; allowing without the first name sends it unticked', async () => {
    const { sent, leave, user } = openScreen();
    await screen.findByRole('heading', {
      level: 1,
      name: 'Kicks online shop wants to confirm you are a verified student',
    });
    expect(screen.queryByText('Test app')).toBeNull();
    const shares = screen.getByRole('form', { name: 'What Kicks online shop will see' });
    within(shares).getByText('You are a verified student until 30 Jun 2027');
    within(shares).getByText('Kicks online shop will not see your e-mail, phone number or student ID.');
    const name = within(shares).getByRole<HTMLInputElement>('checkbox', {
      name: 'Your first name: Sara',
      description: 'Optional. Untick it to keep your name to yourself.',
    });
    expect(name.checked).toBe(true);

    await user.click(name);
    expect(name.checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(BACK_TO_BRAND));
    expect(sent(DECISION).map((request) => request.body)).toEqual([
      { consent: true, share: { first_name: false, institution: false } },
    ]);
    // the page is leaving: no second answer
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sending...' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Decline' }).disabled).toBe(true);
  });

  test('declining sends consent false and goes back to the brand', async () => {
    const { sent, leave, user } = openScreen();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(BACK_TO_BRAND));
    expect(sent(DECISION).map((request) => request.body)).toEqual([
      { consent: false, share: { first_name: false, institution: false } },
    ]);
  });

  test('a test app is badged; an app that does not ask for the first name shows no checkbox', async () => {
    const { sent, user } = openScreen({
      body: interaction({ app: { name: 'Kicks staging', mode: 'test' }, scopes: ['student'] }),
    });
    await screen.findByText('Test app');
    screen.getByText("Kicks staging is a shop's test app, used while it builds its checkout.");
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(sent(DECISION)).toHaveLength(1));
    expect(sent(DECISION)[0].body).toEqual({
      consent: true,
      share: { first_name: false, institution: false },
    });
  });

  test('an app that asks for the institution shows it, ticked, with its name; unticking keeps it back', async () => {
    const { sent, user } = openScreen({
      body: interaction({ scopes: ['student', 'first_name', 'institution'] }),
    });
    const shares = await screen.findByRole('form', { name: 'What Kicks online shop will see' });
    const institution = within(shares).getByRole<HTMLInputElement>('checkbox', {
      name: 'Your institution: Zayed University',
      description: 'Optional. Untick it to keep where you study to yourself.',
    });
    expect(institution.checked).toBe(true);
    expect(
      within(shares).getByRole<HTMLInputElement>('checkbox', { name: 'Your first name: Sara' }).checked,
    ).toBe(true);

    await user.click(institution);
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(sent(DECISION)).toHaveLength(1));
    expect(sent(DECISION)[0].body).toEqual({
      consent: true,
      share: { first_name: true, institution: false },
    });
  });

  test('the institution ticked is sent; without a known institution the checkbox names none', async () => {
    const { sent, user } = openScreen({
      body: interaction({
        scopes: ['student', 'institution'],
        student: { ...sara, institution: null },
      }),
    });
    const institution = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Your institution' });
    expect(screen.getAllByRole('checkbox')).toEqual([institution]);
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(sent(DECISION)).toHaveLength(1));
    expect(sent(DECISION)[0].body).toEqual({
      consent: true,
      share: { first_name: false, institution: true },
    });
  });

  test('a student who is not verified is told what the brand would learn and offered the verification', async () => {
    const { sent, user } = openScreen({
      body: interaction({
        student: { firstName: 'Sara', verified: false, verifiedUntil: null, institution: null },
      }),
    });
    const notice = await screen.findByRole('alert');
    within(notice).getByText("Your student status isn't verified");
    within(notice).getByText(/Kicks online shop will only learn that you are not a verified student/);
    const verify = within(notice).getByRole('link', {
      name: 'Verify my student status (opens in a new tab)',
    });
    expect(verify.getAttribute('href')).toBe('/student-verification');
    expect(verify.getAttribute('target')).toBe('_blank');
    screen.getByText('You are not a verified student');

    await user.click(within(notice).getByRole('button', { name: "I've verified, check again" }));
    await waitFor(() => expect(sent(DETAILS)).toHaveLength(2));
    // allowing stays possible: the brand learns "not verified" rather than a cancelled sign-in
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(sent(DECISION)).toHaveLength(1));
    expect(sent(DECISION)[0].body).toMatchObject({ consent: true });
  });

  test('an expired request says so and leads home', async () => {
    openScreen({
      status: 404,
      body: { message: 'This sign-in has expired. Please start again from the shop.' },
    });
    await screen.findByRole('heading', { level: 1, name: 'This request has expired' });
    const main = screen.getByRole('main');
    within(main).getByText(/Go back to the shop's checkout and choose Verify with Tullab again/);
    expect(within(main).getByRole('link', { name: 'Go to Tullab' }).getAttribute('href')).toBe('/');
  });

  test('a request that expires before the answer says so; another failure keeps the screen with a toast', async () => {
    let answers = 0;
    const { leave, user } = openScreen(undefined, {
      [DECISION]: () =>
        ++answers === 1
          ? { status: 500, body: { message: 'Something went wrong' } }
          : { status: 404, body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'Allow' }));
    await findToast('Something went wrong');
    screen.getByText("We couldn't send your answer. Please try again.");
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await screen.findByRole('heading', { level: 1, name: 'This request has expired' });
    expect(leave).not.toHaveBeenCalled();
  });

  test('a request that cannot be loaded offers "Try again"', async () => {
    let calls = 0;
    const { user } = openScreen(() =>
      ++calls === 1
        ? { status: 502, body: { message: 'Identity service unavailable' } }
        : { body: interaction() },
    );
    await screen.findByRole('heading', { level: 1, name: "We couldn't load this request" });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Allow' });
  });
});

describe('/connect/:uid in Arabic (issue 12)', () => {
  test('the page is right to left, with Arabic texts and dates; the app keeps its own name', async () => {
    await act(() => switchLanguage('ar'));
    const { sent, user } = openScreen({
      body: interaction({ scopes: ['student', 'first_name', 'institution'] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'يريد Kicks online shop التأكد من أنك طالب موثّق' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    const until = new Intl.DateTimeFormat('ar-AE', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date('2027-06-30'),
    );
    screen.getByText(`أنت طالب موثّق حتى ${until}`);
    screen.getByText('لن يرى Kicks online shop بريدك الإلكتروني أو رقم هاتفك أو رقمك الجامعي.');
    screen.getByRole('checkbox', { name: 'اسمك الأول: Sara' });
    screen.getByRole('checkbox', {
      name: 'مؤسستك التعليمية: Zayed University',
      description: 'اختياري. ألغِ التحديد لتحتفظ بمكان دراستك لنفسك.',
    });
    await user.click(screen.getByRole('button', { name: 'الرفض' }));
    await waitFor(() => expect(sent(DECISION)).toHaveLength(1));
    screen.getByRole('button', { name: 'السماح' });
  });
});
