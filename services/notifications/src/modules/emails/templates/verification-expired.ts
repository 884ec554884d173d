import { z } from 'zod';
import { composeEmail, say, verifyAgain } from './compose';
import { optionalFirstName } from './fields';
import { greeting } from './layout';
import { defineTemplate } from './types';

/** A verification has expired (verification's daily sweep): offers are closed until the student verifies again. */
export const verificationExpired = defineTemplate({
  data: z.object({ firstName: optionalFirstName }),
  secrets: z.object({}),
  render({ data, context }) {
    return composeEmail({
      subject: 'Your Tullab student verification has expired',
      heading: 'Your verification has expired',
      preheader: 'Verify again to get your student offers back.',
      blocks: [
        say(greeting(data.firstName)),
        say('Your student verification has expired, so student offers are locked for now.'),
        say(
          'Verify again to get them back. You can use your university e-mail or upload a document; your account and settings stay as they are.',
        ),
        verifyAgain(context),
      ],
    });
  },
});
