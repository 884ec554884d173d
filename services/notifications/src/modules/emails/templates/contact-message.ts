import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { detailsTable, mailtoLink, oneLine, paragraph, quote, renderLayout, renderText } from './layout';
import { defineTemplate } from './types';

/** A contact-form message, to SUPPORT_EMAIL with Reply-To = the sender (written by this service's POST /contact). */
export const contactMessage = defineTemplate({
  data: emailTemplateData['contact-message'],
  secrets: z.object({}),
  render({ data }) {
    const name = oneLine(`${data.firstName} ${data.lastName}`);
    const subject = `New contact message from ${name}`;
    const reference = data.contactMessageId ? [`Reference: ${data.contactMessageId}`] : [];
    return {
      subject,
      text: renderText([
        `${name} <${data.email}> wrote through the contact form:`,
        data.message,
        `Reply to this e-mail to answer ${oneLine(data.firstName)}.`,
        ...reference,
      ]),
      html: renderLayout({
        title: subject,
        heading: 'New contact message',
        preheader: `From ${name}`,
        body: [
          detailsTable([
            ['Name', name],
            ['Email', { html: mailtoLink(data.email) }],
            ...(data.contactMessageId
              ? ([['Reference', data.contactMessageId]] as Array<[string, string]>)
              : []),
          ]),
          quote(data.message),
          paragraph(`Reply to this e-mail to answer ${oneLine(data.firstName)}.`, 'font-size:14px;'),
        ].join('\n'),
      }),
    };
  },
});
