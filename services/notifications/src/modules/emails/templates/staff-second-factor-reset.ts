import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { composeEmail, raiseTheAlarm, say } from './compose';
import { formatUaeTime, greeting } from './layout';
import { defineTemplate } from './types';

/**
 * An operator reset a staff account's second factor (`npm run staff -- reset-mfa`, for a lost authenticator): the
 * next sign-in sets up a new app. Sent at once, so an owner who did not ask for it can have the account disabled
 * before someone who knows the password sets up their own.
 */
export const staffSecondFactorReset = defineTemplate({
  data: emailTemplateData['staff-second-factor-reset'],
  secrets: z.object({}),
  render({ data, context }) {
    return composeEmail({
      subject: 'The two-factor authentication of your Tullab staff account was reset',
      heading: 'Two-factor authentication was reset',
      preheader: 'If you did not ask for this, tell an administrator at once.',
      blocks: [
        say(greeting(data.firstName)),
        say(
          `The authenticator app of your Tullab staff console account was removed on ` +
            `${formatUaeTime(new Date(data.resetAt))}, and you were signed out everywhere. At your next sign-in ` +
            'you will set up an authenticator app again.',
        ),
        say('If you asked for this, there is nothing else to do.'),
        raiseTheAlarm('If you did not ask for this', context),
      ],
    });
  },
});
