import { z } from 'zod';
import { askSupport, composeEmail, say } from './compose';
import { defineTemplate } from './types';

/**
 * Confirms an application from /for-merchants to the address it names. Anyone can type any address into that public
 * form, so the mail carries nothing the visitor typed and goes to one address at most once a day (offers decides);
 * a stranger who receives it learns only that someone applied with their address, and what to do if it was not them.
 */
export const merchantApplicationReceived = defineTemplate({
  data: z.object({}),
  secrets: z.object({}),
  render({ context }) {
    return composeEmail({
      subject: 'We received your Tullab merchant application',
      heading: 'Application received',
      preheader: 'Our partnerships team will review your offer and get back to you.',
      blocks: [
        say('Hello,'),
        say('Thank you for applying to bring your brand to students across the UAE on Tullab.'),
        say('Our partnerships team will review your offer and e-mail you at this address with the outcome.'),
        say('If you did not apply, someone typed your address by mistake: you can ignore this e-mail.'),
        say('As a reminder, joining Tullab is free: no commission and no upfront cost.'),
        askSupport(context),
      ],
    });
  },
});
