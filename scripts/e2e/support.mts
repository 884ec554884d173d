// Helpers the Playwright journeys of both apps share: mail from the stack's SMTP catcher, TOTP codes, screenshots.
import { randomBytes } from 'node:crypto';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { authenticator } from 'otplib';
import { MAIL_URL } from './settings.mjs';

export { BASE_URL, E2E_ADMIN } from './settings.mjs';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The newest mail to `address` whose subject matches, waiting for it to arrive (the sending is asynchronous). */
export async function mailTo(address: string, subject: RegExp, timeoutMs = 20_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(MAIL_URL)).json()) as Mail[];
        found = mails.find((mail) => mail.to.includes(address.toLowerCase()) && subject.test(mail.subject));
        return found !== undefined;
      },
      { timeout: timeoutMs, message: `a mail to ${address} about ${subject}` },
    )
    .toBe(true);
  return found as Mail;
}

/** The 6-digit code in a mail. */
export function codeIn(mail: Mail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no 6-digit code in: ${mail.text}`);
  return match[1];
}

/** The current TOTP code for a secret shown at enrolment (RFC 6238, 30 s). */
export function totpCode(secret: string): string {
  return authenticator.generate(secret.replace(/\s+/g, ''));
}

/** An address nobody has used yet. */
export function uniqueEmail(prefix: string, domain = 'example.com'): string {
  return `${prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@${domain}`;
}

/** A full-page screenshot attached to the report and saved under the test output, one per journey step. */
export async function step(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${String(testInfo.attachments.length + 1).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
