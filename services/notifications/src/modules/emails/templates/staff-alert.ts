import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { action, composeEmail, publicUrl, say } from './compose';
import { defineTemplate } from './types';

/**
 * Something staff must look at (decision 002: mail to staff goes to SUPPORT_EMAIL), with a link into the console.
 * `actionPath` must stay below PUBLIC_URL: an absolute path, no second slash, no spaces or control characters.
 */
export const staffAlert = defineTemplate({
  data: emailTemplateData['staff-alert'],
  secrets: z.object({}),
  render({ data, context }) {
    return composeEmail({
      subject: data.title,
      heading: data.title,
      blocks: [
        say(data.message),
        ...(data.actionPath ? [action('Open in the console', publicUrl(context, data.actionPath))] : []),
      ],
    });
  },
});
