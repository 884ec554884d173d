import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { renderApp } from '../testing/render';
import { stubApi } from '@tullab/web-kit/testing/stub-api';

afterEach(() => jest.restoreAllMocks());

describe('fallback page (SPEC §2)', () => {
  test.each(['/no-such-page', '/dashboard/settings'])(
    '%s shows Page Not Found with a way home, inside the usual header and footer',
    async (path) => {
      stubApi();
      renderApp(path);
      const main = screen.getByRole('main');
      within(main).getByRole('heading', { level: 1, name: 'Page Not Found' });
      expect(within(main).getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
      screen.getByRole('banner');
      screen.getByRole('contentinfo');
    },
  );
});

describe('footer (SPEC §2)', () => {
  test('links the logo home, two social networks, Browse Discounts, How It Works, Partner With Us, Contact Us and the legal pages', () => {
    stubApi();
    renderApp('/no-such-page');
    const footer = screen.getByRole('contentinfo');
    const links = within(footer)
      .getAllByRole('link')
      .map((link) => [link.getAttribute('aria-label') ?? link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Tullab home', '/'],
      ['Tullab on Instagram (opens in a new tab)', 'https://www.instagram.com/tullab.ae'],
      ['Tullab on LinkedIn (opens in a new tab)', 'https://www.linkedin.com/company/tullab'],
      ['Browse Discounts', '/#discounts'],
      ['How It Works', '/for-merchants'],
      ['Partner With Us', '/for-merchants'],
      ['Contact Us', '/contact-us'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
    ]);
  });
});

describe('in Arabic (issue 12)', () => {
  test('the fallback page and the footer speak Arabic; the brand and its networks keep their names', async () => {
    await i18n.changeLanguage('ar');
    stubApi();
    renderApp('/no-such-page');
    const main = screen.getByRole('main');
    within(main).getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' });
    expect(within(main).getByRole('link', { name: 'العودة إلى الرئيسية' }).getAttribute('href')).toBe('/');
    const footer = screen.getByRole('contentinfo');
    within(footer).getByRole('link', { name: 'Tullab على Instagram (يفتح في علامة تبويب جديدة)' });
    within(footer).getByRole('heading', { name: 'الطلاب' });
    within(footer).getByRole('link', { name: 'سياسة الخصوصية' });
    expect(document.title).toBe('الصفحة غير موجودة · Tullab');
  });
});
