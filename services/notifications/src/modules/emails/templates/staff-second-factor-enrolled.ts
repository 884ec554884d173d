import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { composeEmail, raiseTheAlarm, say } from './compose';
import { formatUaeTime, greeting } from './layout';
import { defineTemplate } from './types';

/**
 * An authenticator app became the second factor of a staff account (S37): while accepting an invitation, or at a
 * sign-in after the first admin's creation or a reset. Sent at once, so an owner who did not do it can have the
 * account disabled. It says when, never the key.
 */
export const staffSecondFactorEnrolled = defineTemplate({
  data: emailTemplateData['staff-second-factor-enrolled'],
  secrets: z.object({}),
  render({ data, context }) {
    return composeEmail({
      subject: 'An authenticator app was set up for your Tullab staff account',
      heading: 'Two-factor authentication is set up',
      preheader: 'If this was not you, tell an administrator at once.',
      blocks: [
        say(greeting(data.firstName)),
        say(
          `An authenticator app was set up for your Tullab staff console account on ` +
            `${formatUaeTime(new Date(data.enrolledAt))}. Every sign-in now asks for the 6-digit code it shows.`,
        ),
        say('If this was you, there is nothing else to do.'),
        raiseTheAlarm('If this was not you', context),
      ],
    });
  },
});
