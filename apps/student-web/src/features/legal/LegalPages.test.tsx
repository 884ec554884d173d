import { screen, within } from '@testing-library/react';
import { stubApi } from '../../components/testing/stub-api';
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
