import { z } from 'zod';
import { askSupport, composeEmail, quoted, say, verifyAgain } from './compose';
import { note, optionalFirstName } from './fields';
import { greeting } from './layout';
import { defineTemplate } from './types';

/** Staff could not verify a student: the reviewer's reason, and the two ways to try again. */
export const verificationRejected = defineTemplate({
  data: z.object({ firstName: optionalFirstName, reason: note }),
  secrets: z.object({}),
  render({ data, context }) {
    return composeEmail({
      subject: 'Your Tullab student verification was not approved',
      heading: 'We could not verify your student status',
      preheader: 'Here is why, and how to try again.',
      blocks: [
        say(greeting(data.firstName)),
        say('We reviewed your verification request but could not approve it. Our reviewer wrote:'),
        quoted(data.reason),
        say(
          'You can try again at any time: upload a clearer document, or verify with your university e-mail instead.',
        ),
        verifyAgain(context),
        askSupport(context),
      ],
    });
  },
});
