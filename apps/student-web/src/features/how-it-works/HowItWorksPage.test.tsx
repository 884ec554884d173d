import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { stubApi } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';

afterEach(() => jest.restoreAllMocks());

describe('/how-it-works', () => {
  test('walks a student through sign-up, verification and redemption, with links to sign up and to the offers', async () => {
    stubApi();
    renderApp('/how-it-works');
    await screen.findByRole('heading', { level: 1, name: 'How It Works' });
    const main = screen.getByRole('main');
    const steps = within(main)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(steps).toEqual([
      'Create your free account',
      'Verify that you are a student',
      'Redeem your offers',
    ]);
    within(main).getByText(/university or college email address/);
    within(main).getByText(/upload a student ID/);
    expect(within(main).getByRole('link', { name: 'Sign up for free' }).getAttribute('href')).toBe('/signup');
    expect(within(main).getByRole('link', { name: 'Browse offers' }).getAttribute('href')).toBe(
      '/#discounts',
    );
  });
});

describe('/how-it-works in Arabic (issue 12)', () => {
  test('the steps, the questions and the links speak Arabic', async () => {
    await i18n.changeLanguage('ar');
    stubApi();
    renderApp('/how-it-works');
    await screen.findByRole('heading', { level: 1, name: 'كيف يعمل Tullab' });
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'أنشئ حسابك المجاني',
      'أكّد أنك طالب',
      'استفد من عروضك',
    ]);
    main.getByText('الخطوة 2');
    main.getByText('من يمكنه استخدام Tullab؟');
    expect(main.getByRole('link', { name: 'سجّل مجاناً' }).getAttribute('href')).toBe('/signup');
    expect(main.getByRole('link', { name: 'تصفّح العروض' }).getAttribute('href')).toBe('/#discounts');
    expect(main.getByRole('link', { name: 'سجّل الدخول' }).getAttribute('href')).toBe('/login');
    expect(main.getByRole('link', { name: 'تواصل معنا' }).getAttribute('href')).toBe('/contact-us');
  });
});
