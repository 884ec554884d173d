import { z } from 'zod';
import {
  formatUaeTime,
  link,
  mailtoLink,
  paragraph,
  paragraphHtml,
  renderLayout,
  renderText,
} from './layout';
import { publicUrl } from './compose';
import { defineTemplate } from './types';

/** Sent after a password reset or change (SECURITY S20, S36): says so, and what to do if it was not the user. */
export const passwordChanged = defineTemplate({
  /** no name: the account's owner may never have proven the address is theirs (docs/security.md, "No mail relay") */
  data: z.object({
    /** when it happened (ISO 8601); shown in UAE time */
    changedAt: z.iso.datetime({ offset: true }).optional(),
  }),
  secrets: z.object({}),
  render({ data, context }) {
    const subject = 'Your Tullab password was changed';
    const when = data.changedAt ? ` on ${formatUaeTime(new Date(data.changedAt))}` : '';
    const resetUrl = publicUrl(context, '/forgot-password');
    const lines = {
      hello: 'Hello,',
      done: `The password of your Tullab account was changed${when}. You have been signed out on every device.`,
      ok: 'If this was you, there is nothing else to do.',
    };
    return {
      subject,
      text: renderText([
        lines.hello,
        lines.done,
        lines.ok,
        `If this was not you, reset your password now at ${resetUrl} and contact support at ${context.supportEmail}.`,
      ]),
      html: renderLayout({
        title: subject,
        heading: 'Your password was changed',
        preheader: 'If this was not you, reset your password now.',
        body: [
          paragraph(lines.hello),
          paragraph(lines.done),
          paragraph(lines.ok),
          paragraphHtml(
            `<strong>If this was not you</strong>, ${link(resetUrl, 'reset your password')} now and contact support at ` +
              `${mailtoLink(context.supportEmail)}.`,
          ),
        ].join('\n'),
      }),
    };
  },
});
