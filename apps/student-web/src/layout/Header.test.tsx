import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { storeUser } from '@tullab/web-kit/session/stored-user';
import { renderApp } from '../testing/render';
import { stubApi, studentUser } from '@tullab/web-kit/testing/stub-api';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

const signedIn = (user: object) =>
  stubApi({ 'GET /api/auth/user': { body: { user } }, 'POST /api/auth/logout': { status: 204 } });

async function openAccountMenu(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('menu');
}

describe('header', () => {
  test('signed out: the desktop links, Sign up and Log in', async () => {
    stubApi();
    renderApp('/contact-us');
    const header = screen.getByRole('banner');
    const main = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Discounts' }).getAttribute('href')).toBe('/#discounts');
    expect(within(main).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact-us');
    expect(within(main).getByRole('link', { name: 'Join as a Merchant' }).getAttribute('href')).toBe(
      '/for-merchants',
    );
    expect((await within(header).findByRole('link', { name: 'Sign up' })).getAttribute('href')).toBe(
      '/signup',
    );
    expect(within(header).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(within(header).queryByRole('button', { name: /^Account/ })).toBeNull();
  });

  test('a student who is not verified: the badge and the SPEC notice in the Account menu', async () => {
    signedIn(studentUser('pending'));
    renderApp('/contact-us');
    await screen.findByRole('button', { name: 'Account, account not verified' });
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Sign up' })).toBeNull();
    const menu = await openAccountMenu('Account, account not verified');
    const items = within(menu).getAllByRole('menuitem');
    within(items[0]).getByText('Sara Al Mansoori');
    within(items[0]).getByText('sara@example.com');
    expect(items[0].getAttribute('href')).toBe('/dashboard');
    within(menu).getByText('Account Not Verified');
    within(menu).getByText('Complete verification to access offers');
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    within(menu).getByRole('menuitem', { name: 'Log out' });
  });

  test.each(['none', 'rejected', 'unrecognized_domain', 'expired'])(
    'status %s also counts as not verified',
    async (status) => {
      signedIn(studentUser(status));
      renderApp('/contact-us');
      await screen.findByRole('button', { name: 'Account, account not verified' });
    },
  );

  test('a verified (active) student sees no warning', async () => {
    signedIn(studentUser('active'));
    renderApp('/contact-us');
    const menu = await openAccountMenu('Account');
    expect(within(menu).queryByText('Account Not Verified')).toBeNull();
  });

  test('someone who is not a student is never warned about student verification', async () => {
    signedIn(studentUser('none', { role: 'staff' }));
    renderApp('/contact-us');
    await screen.findByRole('button', { name: 'Account' });
  });

  test('once the server says nobody is signed in (401), the user kept in the browser is forgotten: nothing of them shows', async () => {
    stubApi();
    storeUser(studentUser('active'));
    renderApp('/contact-us');
    const header = screen.getByRole('banner');
    await within(header).findByRole('link', { name: 'Log in' });
    expect(within(header).queryByRole('button', { name: /^Account/ })).toBeNull();
    expect(screen.queryByText(/Sara/)).toBeNull();
    await waitFor(() => expect(localStorage.getItem('tullab_user')).toBeNull());
  });

  test('when the server cannot be reached, the kept user still counts, without their phone and e-mails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ 'GET /api/auth/user': 'network-error' });
    storeUser(studentUser('active', { verification: { status: 'active', studentEmail: 'sara@uaeu.ac.ae' } }));
    renderApp('/contact-us');
    const menu = await openAccountMenu('Account');
    within(menu).getByText('Sara Al Mansoori');
    expect(within(menu).queryByText(/sara@/)).toBeNull();
    expect(screen.queryByText(/\+971|uaeu/)).toBeNull();
  });

  test('Log out ends the session and forgets the kept user', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom: "Not implemented: navigation"
    const { sent } = signedIn(studentUser('active'));
    storeUser(studentUser('active'));
    renderApp('/contact-us');
    const menu = await openAccountMenu('Account');
    await userEvent.setup().click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(sent('POST /api/auth/logout')).toHaveLength(1));
    expect(localStorage.getItem('tullab_user')).toBeNull();
  });
});

describe('mobile side panel', () => {
  async function openPanel(name = 'Open menu') {
    await userEvent.setup().click(await screen.findByRole('button', { name }));
    return within(await screen.findByRole('navigation', { name: 'Mobile' }));
  }

  test('has Discounts, How It Works, Join as a Merchant and Contact Us; signed out, a Log in button', async () => {
    stubApi();
    renderApp('/contact-us');
    const nav = await openPanel();
    expect(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Discounts', '/#discounts'],
      ['How It Works', '/how-it-works'],
      ['Join as a Merchant', '/for-merchants'],
      ['Contact Us', '/contact-us'],
    ]);
    const panel = within(document.getElementById('mobile-menu') as HTMLElement);
    expect(panel.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  test('signed in: the user block links to the dashboard, with the notice and a Log out button', async () => {
    signedIn(studentUser('pending'));
    renderApp('/contact-us');
    await openPanel('Open menu, account not verified');
    const panel = within(document.getElementById('mobile-menu') as HTMLElement);
    expect(panel.getByRole('link', { name: /Sara Al Mansoori/ }).getAttribute('href')).toBe('/dashboard');
    panel.getByText('Account Not Verified');
    panel.getByRole('button', { name: 'Log out' });
    expect(panel.queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});

describe('Discounts link (SPEC §2)', () => {
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  test('from another page goes to the home page at #discounts; on the home page it scrolls there again', async () => {
    stubApi({ 'GET /api/offers': { body: [] } });
    const scrolled: Element[] = [];
    // jsdom has no layout, hence no scrollIntoView: record which element the app asks to bring into view.
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
    const { router } = renderApp('/contact-us');
    const user = userEvent.setup();
    const discounts = () =>
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Discounts' });
    await user.click(discounts());
    await waitFor(() => expect(scrolled.map((element) => element.id)).toEqual(['discounts']));
    expect(router.state.location).toMatchObject({ pathname: '/', hash: '#discounts' });
    await user.click(discounts());
    await waitFor(() => expect(scrolled).toHaveLength(2));
  });
});

describe('language switcher and Arabic (issue 12)', () => {
  test('the header offers Arabic, named in Arabic, before Sign up and Log in', async () => {
    stubApi();
    renderApp('/contact-us');
    const header = screen.getByRole('banner');
    const switcher = within(header).getByRole('button', { name: 'Switch to العربية' });
    expect(switcher.textContent).toBe('العربية');
    const signUp = await within(header).findByRole('link', { name: 'Sign up' });
    expect(switcher.compareDocumentPosition(signUp) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('choosing Arabic shows the header in Arabic, right to left, and names the language in the address', async () => {
    stubApi();
    const { router } = renderApp('/contact-us');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Switch to العربية' }));
    const header = screen.getByRole('banner');
    await within(header).findByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(router.state.location.search).toBe('?lang=ar');
    document.documentElement.dir = 'ltr';
    document.documentElement.lang = 'en';
  });

  test('in Arabic: the links, the actions and the switcher back to English', async () => {
    await i18n.changeLanguage('ar');
    stubApi();
    renderApp('/contact-us');
    const header = screen.getByRole('banner');
    const main = within(header).getByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['الخصومات', 'تواصل معنا', 'انضم كتاجر']);
    await within(header).findByRole('link', { name: 'إنشاء حساب' });
    within(header).getByRole('link', { name: 'تسجيل الدخول' });
    within(header).getByRole('button', { name: 'التبديل إلى English' });
  });

  test('in Arabic: the not-verified badge and notice, and the mobile panel with its own switcher', async () => {
    await i18n.changeLanguage('ar');
    signedIn(studentUser('pending'));
    renderApp('/contact-us');
    const menu = await openAccountMenu('حسابي، الحساب غير موثّق');
    within(menu).getByText('الحساب غير موثّق');
    within(menu).getByRole('menuitem', { name: 'لوحة التحكم' });
    within(menu).getByRole('menuitem', { name: 'تسجيل الخروج' });
    await userEvent.keyboard('{Escape}');
    await userEvent.setup().click(screen.getByRole('button', { name: 'فتح القائمة، الحساب غير موثّق' }));
    const nav = within(await screen.findByRole('navigation', { name: 'قائمة الجوال' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'الخصومات',
      'كيف يعمل',
      'انضم كتاجر',
      'تواصل معنا',
    ]);
    const panel = within(document.getElementById('mobile-menu') as HTMLElement);
    panel.getByRole('button', { name: 'التبديل إلى English' });
  });
});
