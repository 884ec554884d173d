import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { stubApi } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';

afterEach(() => jest.restoreAllMocks());

async function open(path: string, title: string) {
  stubApi();
  renderApp(path);
  const main = within(await screen.findByRole('main'));
  await main.findByRole('heading', { level: 1, name: title });
  return main;
}

const sectionHeadings = (main: ReturnType<typeof within>) =>
  main.getAllByRole('heading', { level: 2 }).map((heading: HTMLElement) => heading.textContent);

describe('legal pages (SPEC §2)', () => {
  test('privacy policy: the nine sections and its dates', async () => {
    const main = await open('/privacy-policy', 'Privacy Policy');
    main.getByText('Effective: September 2025');
    main.getByText('Last updated: 26 September 2025');
    expect(sectionHeadings(main)).toEqual([
      '1. Introduction',
      '2. Information We Collect',
      '3. How We Use Your Information',
      '4. Information Sharing',
      '5. Data Security',
      '6. Your Rights',
      '7. Cookies',
      '8. Updates to This Policy',
      '9. Contact Us',
    ]);
    expect(main.getAllByText(/Federal Decree-Law No\. 45 of 2021/).length).toBeGreaterThan(0);
  });

  test('terms of service: the twelve sections, its dates, UAE law and Dubai courts', async () => {
    const main = await open('/terms-of-service', 'Terms of Service');
    main.getByText('Effective: October 2025');
    main.getByText('Last updated: 8 October 2025');
    expect(sectionHeadings(main)).toEqual([
      '1. Acceptance of Terms',
      '2. Service Description',
      '3. Eligibility',
      '4. Student Verification',
      '5. Acceptable Use',
      '6. Discount Terms and Limitations',
      '7. Account Management',
      '8. Limitation of Liability',
      '9. Intellectual Property',
      '10. Modifications to Terms',
      '11. Governing Law',
      '12. Contact Information',
    ]);
    main.getByText(
      /federal laws of the United Arab Emirates.*The courts of Dubai have exclusive jurisdiction/,
    );
  });

  test('the contents list links to every section', async () => {
    const main = await open('/terms-of-service', 'Terms of Service');
    const contents = within(main.getByRole('navigation', { name: 'Contents' }));
    const targets = contents.getAllByRole('link').map((link) => link.getAttribute('href')?.slice(1));
    expect(targets).toHaveLength(12);
    for (const id of targets) expect(document.getElementById(id ?? '')?.tagName).toBe('SECTION');
  });
});

describe('legal pages in Arabic (issue 12)', () => {
  test('privacy policy: Arabic title, dates, headings, the decree-law by its Arabic name; e-mails stay left to right', async () => {
    await i18n.changeLanguage('ar');
    const main = await open('/privacy-policy', 'سياسة الخصوصية');
    main.getByText('تاريخ السريان: سبتمبر 2025');
    main.getByText('آخر تحديث: 26 سبتمبر 2025');
    expect(sectionHeadings(main)).toEqual([
      '1. مقدمة',
      '2. المعلومات التي نجمعها',
      '3. كيف نستخدم معلوماتك',
      '4. مشاركة المعلومات',
      '5. أمن البيانات',
      '6. حقوقك',
      '7. ملفات تعريف الارتباط',
      '8. تحديثات هذه السياسة',
      '9. تواصل معنا',
    ]);
    main.getByText(/للمرسوم بقانون اتحادي رقم \(45\) لسنة 2021 بشأن حماية البيانات الشخصية/);
    expect(main.getAllByText(/مكتب الإمارات للبيانات/).length).toBeGreaterThan(0);
    main.getByText('بيانات الحساب:');
    expect(main.getByRole('link', { name: 'لوحة التحكم' }).getAttribute('href')).toBe('/dashboard');
    const privacyEmails = main.getAllByRole('link', { name: 'privacy@tullab.ae' });
    for (const link of privacyEmails) {
      expect(link.getAttribute('href')).toBe('mailto:privacy@tullab.ae');
      expect(link.getAttribute('dir')).toBe('ltr');
    }
    expect(main.getByRole('link', { name: 'نموذج التواصل' }).getAttribute('href')).toBe('/contact-us');
  });

  test('terms of service: Arabic headings, UAE law and the courts of Dubai, the contents in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const main = await open('/terms-of-service', 'شروط الخدمة');
    main.getByText('تاريخ السريان: أكتوبر 2025');
    main.getByText('آخر تحديث: 8 أكتوبر 2025');
    expect(sectionHeadings(main)).toHaveLength(12);
    expect(sectionHeadings(main)[10]).toBe('11. القانون الواجب التطبيق');
    main.getByText(/للقوانين الاتحادية لدولة الإمارات العربية المتحدة.*وتختص محاكم دبي حصرياً/);
    expect(main.getByRole('link', { name: 'سياسة الخصوصية' }).getAttribute('href')).toBe('/privacy-policy');
    const contents = within(main.getByRole('navigation', { name: 'المحتويات' }));
    contents.getByRole('link', { name: 'التحقق من صفة الطالب' });
    expect(document.title).toBe('شروط الخدمة · Tullab');
  });
});
