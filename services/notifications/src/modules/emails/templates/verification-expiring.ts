import { z } from 'zod';
import { composeEmail, say, verifyAgain } from './compose';
import { label, optionalFirstName } from './fields';
import { greeting } from './layout';
import { defineTemplate } from './types';

/** The reminder sent 28 and 7 days before a verification expires (decision 002), so access never lapses. */
export const verificationExpiring = defineTemplate({
  data: z.object({
    firstName: optionalFirstName,
    expiresOn: label,
    daysLeft: z.string().regex(/^[1-9]\d{0,2}$/, 'must be a whole number of days, at least 1'),
  }),
  secrets: z.object({}),
  render({ data, context }) {
    const inDays = data.daysLeft === '1' ? '1 day' : `${data.daysLeft} days`;
    return composeEmail({
      subject: `Your Tullab student verification expires in ${inDays}`,
      heading: 'Your verification expires soon',
      preheader: `Verify again before ${data.expiresOn} to keep your student offers.`,
      blocks: [
        say(greeting(data.firstName)),
        say(`Your student verification expires on ${data.expiresOn} (in ${inDays}).`),
        say(
          'Verify again before then to keep redeeming student offers without a break. ' +
            'You can use your university e-mail or upload a document.',
        ),
        verifyAgain(context),
      ],
    });
  },
});
