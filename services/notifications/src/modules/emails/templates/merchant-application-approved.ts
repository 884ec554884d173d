import { z } from 'zod';
import { action, askSupport, composeEmail, publicUrl, say } from './compose';
import { label } from './fields';
import { greeting } from './layout';
import { defineTemplate } from './types';

/** Staff accepted a brand's application: its offer is being published on Tullab. */
export const merchantApplicationApproved = defineTemplate({
  data: z.object({ contactName: label, brandName: label }),
  secrets: z.object({}),
  render({ data, context }) {
    return composeEmail({
      subject: 'Your Tullab merchant application is approved',
      heading: 'Welcome to Tullab!',
      preheader: 'Your offer is being published on Tullab.',
      blocks: [
        say(greeting(data.contactName)),
        say(`Good news: we approved the application for ${data.brandName}.`),
        say(
          'We are now publishing your offer on Tullab, where verified students across the UAE can find and redeem it.',
        ),
        action('Visit Tullab', publicUrl(context, '/')),
        say('If anything in your offer needs to change, let us know.'),
        askSupport(context),
      ],
    });
  },
});
