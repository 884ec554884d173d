import { z } from 'zod';
import { code, composeEmail, say } from './compose';
import { label, sixDigitCode } from './fields';
import { defineTemplate } from './types';

/** How long a university code is valid (SECURITY S14); verification sets the event's `expiresAt` to match. */
const VALID_FOR_MINUTES = 15;

/**
 * The code that proves a student reads their university mailbox (SPEC /otp-verification). Verification seals
 * `{ code }` and sets `expiresAt`; a mail that could not leave before then is not sent at all.
 */
export const studentEmailCode = defineTemplate({
  /** no name: the account that asks is not yet proven to be the mailbox's owner (docs/security.md, "No mail relay") */
  data: z.object({ institution: label }),
  secrets: z.object({ code: sixDigitCode }),
  render({ data, secrets }) {
    return composeEmail({
      subject: 'Your Tullab student verification code',
      heading: 'Verify your student e-mail',
      preheader: `Your code is valid for ${VALID_FOR_MINUTES} minutes.`,
      blocks: [
        say('Hello,'),
        say(`Enter this code on Tullab to confirm your student e-mail at ${data.institution}:`),
        code(secrets.code),
        say(`The code is valid for ${VALID_FOR_MINUTES} minutes and can be used once.`, 'font-weight:bold;'),
        say('If you did not ask for this code, you can safely ignore this e-mail.'),
        say('Never share this code. Tullab staff will never ask you for it.', 'font-size:14px;'),
      ],
    });
  },
});
