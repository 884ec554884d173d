import { expect, test } from '@playwright/test';
import { mailTo, pngImage, step, uniqueEmail } from '../../../scripts/e2e/support.mjs';

const LOGO_SIZE = 96;

test('a brand applies on the merchant page with its logo and is told the application arrived', async ({
  page,
}, testInfo) => {
  const brandName = 'Saffron Street Kitchen';
  const contactEmail = uniqueEmail('hessa');

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Join as a Merchant' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Reach Verified Students Across the UAE' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What you get' })).toBeVisible();
  await step(page, testInfo, 'merchant-page');

  await page.getByRole('main').getByRole('link', { name: 'Join as a Merchant' }).click();
  await expect(page.getByRole('heading', { name: 'Apply to list your offer' })).toBeInViewport();
  const form = page.getByRole('form', { name: 'Merchant application' });
  await form.getByLabel('Upload logo').setInputFiles({
    name: 'saffron-street.png',
    mimeType: 'image/png',
    buffer: pngImage(LOGO_SIZE, [233, 196, 106]),
  });
  // The preview decodes the file: a real image, not just a name.
  await expect(form.getByRole('img', { name: 'Logo preview' })).toHaveJSProperty('naturalWidth', LOGO_SIZE);
  await form.getByRole('textbox', { name: 'Brand name' }).fill(brandName);
  await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Other' });
  await form
    .getByRole('textbox', { name: 'Business description', exact: true })
    .fill('Emirati street food and karak tea, cooked to order in Al Quoz since 2019.');
  // the Arabic texts are optional, written right to left
  const arabicDescription = form.getByRole('textbox', { name: 'Business description (Arabic, optional)' });
  await expect(arabicDescription).toHaveAttribute('dir', 'rtl');
  await arabicDescription.fill('أكلات الشارع الإماراتية وشاي الكرك، تُحضَّر عند الطلب في القوز منذ 2019.');
  await form.getByRole('textbox', { name: 'Website (optional)' }).fill('saffronstreet.example');
  await expect(form.getByRole('radio', { name: 'Discount: students get a code' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Discount code' }).fill('TULLAB15');
  await expect(form.getByRole('combobox', { name: 'Discount type' })).toHaveValue('percentage');
  await form.getByRole('spinbutton', { name: 'Discount value (%)' }).fill('15');

  const steps = form.getByRole('group', { name: 'How to redeem', exact: true });
  await steps.getByRole('textbox', { name: 'Step 1' }).fill('Show your Tullab code at the counter');
  await steps.getByRole('button', { name: 'Add step' }).click();
  await expect(steps.getByRole('textbox', { name: 'Step 2' })).toBeFocused();
  await steps.getByRole('textbox', { name: 'Step 2' }).fill('Pay the bill with 15% off');
  await form
    .getByRole('textbox', { name: 'Terms and conditions', exact: true })
    .fill('Valid on dine-in and takeaway orders. One code per visit; not combinable with other offers.');
  await form.getByRole('textbox', { name: 'Contact name' }).fill('Hessa Al Marri');
  await form.getByRole('textbox', { name: 'Contact email' }).fill(contactEmail);
  await form.getByRole('textbox', { name: 'Contact phone (optional)' }).fill('+971 4 123 4567');
  await step(page, testInfo, 'application-filled');
  await form.getByRole('button', { name: 'Submit Application' }).click();

  await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeFocused();
  await expect(page.getByText(`Thank you for applying to list ${brandName} on Tullab.`)).toBeVisible();
  await step(page, testInfo, 'application-received');
  await mailTo(contactEmail, /^We received your Tullab merchant application$/);
});
