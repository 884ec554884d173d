import { z } from 'zod';
import { askSupport, composeEmail, say } from './compose';
import { label } from './fields';
import { greeting } from './layout';
import { defineTemplate } from './types';

/** Confirms a brand's application from /for-merchants to the contact person it names. */
export const merchantApplicationReceived = defineTemplate({
  data: z.object({ contactName: label, brandName: label }),
  secrets: z.object({}),
  render({ data, context }) {
    return composeEmail({
      subject: `We received your Tullab application for ${data.brandName}`,
      heading: 'Application received',
      preheader: 'Our partnerships team will review your offer and get back to you.',
      blocks: [
        say(greeting(data.contactName)),
        say(`Thank you for applying to bring ${data.brandName} to students across the UAE on Tullab.`),
        say('Our partnerships team will review your offer and e-mail you at this address with the outcome.'),
        say('As a reminder, joining Tullab is free: no commission and no upfront cost.'),
        askSupport(context),
      ],
    });
  },
});
