import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { action, askSupport, composeEmail, publicUrl, say } from './compose';
import { greeting } from './layout';
import { defineTemplate } from './types';

/** How long an invitation is valid; identity sets the event's `expiresAt` to match. */
const VALID_FOR_HOURS = 72;

const roleNames = { staff: 'a staff member', admin: 'an administrator' } as const;

/**
 * An admin invited someone to the staff console. Identity seals `{ token }` (the invitation's only secret, 32 random
 * bytes in base64url) and sets `expiresAt`; the link opens the console's accept-invitation page, where the new
 * staff member chooses a password and sets up their authenticator app, together.
 */
export const staffInvitation = defineTemplate({
  data: emailTemplateData['staff-invitation'],
  secrets: z.object({
    token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be a base64url token'),
  }),
  render({ data, secrets, context }) {
    const acceptUrl = publicUrl(
      context,
      `/admin/#/accept-invitation?token=${encodeURIComponent(secrets.token)}`,
    );
    return composeEmail({
      subject: 'You are invited to the Tullab staff console',
      heading: 'Join the Tullab staff console',
      preheader: `Your invitation is valid for ${VALID_FOR_HOURS} hours.`,
      blocks: [
        say(greeting(data.firstName)),
        say(`${data.invitedBy} invited you to the Tullab staff console as ${roleNames[data.role]}.`),
        action('Accept the invitation', acceptUrl),
        say(
          `The link is valid for ${VALID_FOR_HOURS} hours and can be used once. There you will choose a password ` +
            'and set up an authenticator app on your phone for the 6-digit sign-in codes.',
          'font-weight:bold;',
        ),
        say('If you did not expect this invitation, you can safely ignore this e-mail.'),
        askSupport(context),
      ],
    });
  },
});
