import { z } from 'zod';
import { action, composeEmail, publicUrl, say } from './compose';
import { label } from './fields';
import { defineTemplate } from './types';

/**
 * Confirms a document upload (SPEC: manual review within 24 hours, 12–24 hours typical, an e-mail on approval), so
 * the student knows it arrived and does not upload it again.
 */
export const verificationDocumentReceived = defineTemplate({
  /** no name: the account is not verified yet (docs/security.md, "No mail relay"); `documentType` is verification's label */
  data: z.object({ documentType: label }),
  secrets: z.object({}),
  render({ data, context }) {
    return composeEmail({
      subject: 'We received your Tullab verification document',
      heading: 'Document received',
      preheader: 'Our team will review it within 24 hours.',
      blocks: [
        say('Hello,'),
        say(`Thank you for uploading your ${data.documentType}. We have received it safely.`),
        say('Our team will review it within 24 hours (usually 12–24 hours).'),
        say(
          'We will e-mail you as soon as your student status is approved. There is nothing else you need to do until then.',
        ),
        action('See your verification status', publicUrl(context, '/dashboard')),
      ],
    });
  },
});
