import { z } from 'zod';
import { action, composeEmail, publicUrl, say } from './compose';
import { label, optionalFirstName } from './fields';
import { greeting } from './layout';
import { defineTemplate } from './types';

/** A student is verified (a document approved by staff): until when, and that offers are now open to them. */
export const verificationApproved = defineTemplate({
  data: z.object({ firstName: optionalFirstName, expiresOn: label }),
  secrets: z.object({}),
  render({ data, context }) {
    return composeEmail({
      subject: 'Your Tullab student status is verified',
      heading: 'You are verified!',
      preheader: `Your student status is verified until ${data.expiresOn}.`,
      blocks: [
        say(greeting(data.firstName)),
        say(`Good news: your student status is verified until ${data.expiresOn}.`),
        say(
          'You can now redeem every student offer on Tullab: discount codes and referral links from our partner brands.',
        ),
        action('Browse student offers', publicUrl(context, '/')),
        say('We will remind you before your verification expires.', 'font-size:14px;'),
      ],
    });
  },
});
