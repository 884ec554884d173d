// Helpers the Playwright journeys of both apps share: mail from the stack's SMTP catcher, TOTP codes and staff second
// factors, waiting for the page to stop moving, screenshots, student accounts and files to upload.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { authenticator } from 'otplib';
import { E2E_DATABASE, E2E_POSTGRES_URL, MAIL_URL } from './settings.mjs';

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

/** RFC 6238 time-steps as authenticator apps use them. */
const TOTP_STEP_MS = 30_000;

/** The TOTP code for a secret shown at enrolment (RFC 6238, 30 s), now or at the time `at` (ms since the epoch). */
export function totpCode(secret: string, at = Date.now()): string {
  return authenticator.clone({ epoch: at }).generate(secret.replace(/\s+/g, ''));
}

/**
 * A staff member's authenticator app: each call gives the code a person would type. Identity accepts a time-step
 * once per account (no replay, RFC 6238 §5.2), so a call in the step of the previous code waits for the next step,
 * as a person waits for the app to show a new code.
 */
export function authenticatorApp(secret: string): () => Promise<string> {
  let lastStep = -1;
  return async () => {
    const step = Math.max(Math.floor(Date.now() / TOTP_STEP_MS), lastStep + 1);
    const wait = step * TOTP_STEP_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastStep = step;
    return totpCode(secret, step * TOTP_STEP_MS);
  };
}

/**
 * Makes a staff member set up an authenticator app again at their next sign-in, as an operator does for a lost phone
 * (`npm run staff -- reset-mfa --email E`, SECURITY S37), on the stack's database. A journey that starts with a
 * first sign-in does this first, so that it also holds when it runs again on the same stack (`--repeat-each`).
 */
export function resetSecondFactor(email: string): void {
  const database = new URL(E2E_POSTGRES_URL);
  database.pathname = `/${E2E_DATABASE}`;
  const result = spawnSync(
    process.execPath,
    ['services/identity/dist/cli.js', 'reset-mfa', '--email', email],
    {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      env: {
        ...process.env,
        DATABASE_URL: database.toString(),
        // the command signs nothing, but identity's configuration asks for one
        INTERNAL_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
      },
    },
  );
  expect(result.status, `staff reset-mfa: ${result.stdout}${result.stderr}`).toBe(0);
}

/** An address nobody has used yet. */
export function uniqueEmail(prefix: string, domain = 'example.com'): string {
  return `${prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@${domain}`;
}

/** What `waitForStillness` checks is fully opaque: whatever opens over the page, and the dimmed backdrop behind it. */
const OVERLAYS = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="menu"]',
  '[role="listbox"]',
  '[role="tooltip"]',
  '[role="alert"]',
  '.MuiPopover-paper',
  '.MuiBackdrop-root:not(.MuiBackdrop-invisible)',
].join(', ');

/**
 * Waits until nothing on the page moves, so that an accessibility check or a screenshot sees the page at rest and not
 * half-way through an animation (a dialog fading in has text of lower contrast, for one): for two frames running, no
 * finite CSS transition or animation runs (dialogs fading, menus and popovers growing, drawers and toasts sliding,
 * accordions collapsing, ripples), every dialog, menu, popover, listbox, tooltip, alert and backdrop on screen is
 * fully opaque, and the window does not scroll (smooth scrolling to an anchor). Endless animations (a spinner, the
 * partner carousel) never end, so they are left alone. Every `step` screenshot waits for this, and so must every
 * axe check.
 */
export async function waitForStillness(page: Page, timeoutMs = 10_000): Promise<void> {
  const moving = await page.evaluate(
    async ({ overlays, timeoutMs }) => {
      const describe = (element: Element | null) =>
        element
          ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}` +
            `${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''}` +
            [...element.classList]
              .filter((name) => !name.startsWith('css-'))
              .slice(0, 3)
              .map((name) => `.${name}`)
              .join('')
          : 'an element';
      const whatMoves = (): string[] => {
        const found: string[] = [];
        for (const animation of document.getAnimations()) {
          if (animation.playState !== 'running') continue;
          if (animation.effect?.getComputedTiming().iterations === Infinity) continue;
          const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
          const what =
            animation instanceof CSSTransition
              ? `transition of ${animation.transitionProperty}`
              : animation instanceof CSSAnimation
                ? `animation ${animation.animationName}`
                : 'animation';
          found.push(`${what} on ${describe(target)}`);
        }
        for (const overlay of document.querySelectorAll(overlays)) {
          if (!overlay.checkVisibility({ visibilityProperty: true })) continue;
          let opacity = 1;
          for (let node: Element | null = overlay; node; node = node.parentElement)
            opacity *= Number(getComputedStyle(node).opacity);
          if (opacity < 1) found.push(`opacity ${opacity.toFixed(2)} of ${describe(overlay)}`);
        }
        return found;
      };
      const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const deadline = performance.now() + timeoutMs;
      let scrolled = `${window.scrollX},${window.scrollY}`;
      let quietFrames = 0;
      let moving: string[] = [];
      while (quietFrames < 2) {
        if (performance.now() > deadline) return moving;
        await nextFrame();
        moving = whatMoves();
        const scroll = `${window.scrollX},${window.scrollY}`;
        if (scroll !== scrolled) moving.push(`the window scrolling (now at ${scroll})`);
        scrolled = scroll;
        quietFrames = moving.length === 0 ? quietFrames + 1 : 0;
      }
      return [];
    },
    { overlays: OVERLAYS, timeoutMs },
  );
  expect(moving, `the page still moves after ${timeoutMs} ms`).toEqual([]);
}

/**
 * A full-page screenshot attached to the report and saved under the test output, one per journey step, taken once
 * the page is at rest.
 */
export async function step(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await waitForStillness(page);
  const path = testInfo.outputPath(`${String(testInfo.attachments.length + 1).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Where the stack delivers contact messages and staff alerts: SUPPORT_EMAIL, as the launcher defaults it. */
export const SUPPORT_INBOX = process.env.SUPPORT_EMAIL ?? 'support@tullab.local';

/** A password nobody has used, long and uncommon enough for the password policy (SECURITY S3). */
export function uniquePassword(): string {
  return `Dune walk ${randomBytes(4).toString('hex')} at dusk`;
}

export interface StudentAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/**
 * A new student, registered through the public API exactly as /create-password does it (SPEC §7), for journeys that
 * start after sign-up. The session cookie lands in `request`'s jar: `page.request` signs that page's browser in,
 * the `request` fixture leaves the browser signed out.
 */
export async function registerStudent(request: APIRequestContext, prefix: string): Promise<StudentAccount> {
  const account: StudentAccount = {
    email: uniqueEmail(prefix),
    password: uniquePassword(),
    firstName: 'Layla',
    lastName: 'Haddad',
    phone: '+971 50 123 4567',
  };
  const response = await request.post('/api/auth/register', {
    data: { ...account, emailMarketing: true, whatsappMarketing: true, role: 'student' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/**
 * A new student, verified by a university e-mail code through the public API (other journeys walk those screens),
 * signed in on `request` as registerStudent is.
 */
export async function registerVerifiedStudent(
  request: APIRequestContext,
  prefix: string,
): Promise<StudentAccount & { studentEmail: string }> {
  const student = await registerStudent(request, prefix);
  const studentEmail = uniqueEmail(prefix.replace(/[^a-z]/g, ''), 'cud.ac.ae');
  const sent = await request.post('/api/students/verify', {
    data: { email: studentEmail, personalEmail: student.email, studentId: null },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const otp = codeIn(await mailTo(studentEmail, /^Your Tullab student verification code$/));
  const verified = await request.post('/api/students/verify-otp', {
    data: { email: studentEmail, personalEmail: student.email, otp },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { ...student, studentEmail };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A real PNG file, a square of one colour, for the upload fields (documents, logos): the services check a file's
 * bytes, so a renamed text file would not do.
 */
export function pngImage(size: number, [red, green, blue]: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, standard filters, no interlace
  const row = Buffer.from([0, ...Array.from({ length: size }, () => [red, green, blue]).flat()]); // filter 0: none
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
