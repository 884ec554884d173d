import { z } from 'zod';
import { action, askSupport, composeEmail, publicUrl, quoted, say } from './compose';
import { label, note } from './fields';
import { greeting } from './layout';
import { defineTemplate } from './types';

/** Staff declined a brand's application: the reason, and an invitation to apply again from /for-merchants. */
export const merchantApplicationRejected = defineTemplate({
  data: z.object({ contactName: label, brandName: label, reason: note }),
  secrets: z.object({}),
  render({ data, context }) {
    return composeEmail({
      subject: 'An update on your Tullab merchant application',
      heading: 'About your application',
      preheader: 'We could not accept your application as it stands.',
      blocks: [
        say(greeting(data.contactName)),
        say(
          `Thank you for applying to bring ${data.brandName} to Tullab. ` +
            'After reviewing it, we cannot accept the application as it stands. Our team wrote:',
        ),
        quoted(data.reason),
        say('You are welcome to send a new application once these points are addressed.'),
        action('Apply again', publicUrl(context, '/for-merchants')),
        askSupport(context),
      ],
    });
  },
});
