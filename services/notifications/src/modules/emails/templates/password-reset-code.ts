import { z } from 'zod';
import { highlight, paragraph, renderLayout, renderText } from './layout';
import { sixDigitCode } from './fields';
import { defineTemplate } from './types';

/**
 * The password-reset code (SPEC /forgot-password "Verify Code"). Identity seals `{ code }` and sets `expiresAt`
 * (10 min, SECURITY S14); a mail that could not leave before then is not sent at all.
 */
export const passwordResetCode = defineTemplate({
  /** no name: anyone may register with an address that is not theirs (docs/security.md, "No mail relay") */
  data: z.object({
    /** how long the code is valid, in minutes (default 10) */
    validForMinutes: z
      .string()
      .regex(/^\d{1,4}$/, 'must be a whole number of minutes')
      .optional(),
  }),
  secrets: z.object({ code: sixDigitCode }),
  render({ data, secrets }) {
    const minutes = data.validForMinutes ?? '10';
    const subject = 'Your Tullab password reset code';
    const lines = {
      hello: 'Hello,',
      ask: 'We received a request to reset the password of your Tullab account. Enter this code to continue:',
      validity: `The code is valid for ${minutes} minutes and can be used once.`,
      ignore: 'If you did not ask to reset your password, ignore this e-mail: your password stays the same.',
      never: 'Never share this code. Tullab staff will never ask you for it.',
    };
    return {
      subject,
      text: renderText([
        lines.hello,
        lines.ask,
        `    ${secrets.code}`,
        lines.validity,
        lines.ignore,
        lines.never,
      ]),
      html: renderLayout({
        title: subject,
        heading: 'Reset your password',
        preheader: `Your code is valid for ${minutes} minutes.`,
        body: [
          paragraph(lines.hello),
          paragraph(lines.ask),
          highlight(secrets.code),
          paragraph(lines.validity, 'font-weight:bold;'),
          paragraph(lines.ignore),
          paragraph(lines.never, 'font-size:14px;'),
        ].join('\n'),
      }),
    };
  },
});
