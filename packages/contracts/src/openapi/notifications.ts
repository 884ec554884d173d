import { z } from 'zod';
import { contactMessageBody } from '../notifications/contact-messages.js';
import { retention } from './admin-resources.js';
import { answers, messageAnswer } from './answers.js';
import type { ApiRoute, RouteGroup } from './route.js';

const contactAction = (action: string, summary: string): ApiRoute => ({
  method: 'post',
  path: `/admin/contact-messages/:id/${action}`,
  summary,
  access: 'staff',
  answer: answers.contactMessage,
});

export const contact: RouteGroup = {
  tag: 'Contact',
  description: 'SPEC §7.6: a message to support',
  routes: [
    {
      method: 'post',
      path: '/contact',
      summary: 'Send a message to support',
      access: 'anyone',
      body: contactMessageBody,
      status: 201,
      answer: messageAnswer,
      refusals: [429],
    },
  ],
};

export const notificationsAdmin: RouteGroup = {
  tag: 'Admin: messages and mail',
  description: 'Messages to support and the mails the platform sent, for the admin console',
  routes: [
    {
      method: 'get',
      path: '/admin/contact-messages',
      summary: 'List messages to support',
      access: 'staff',
      list: true,
      answer: z.array(answers.contactMessage),
    },
    {
      method: 'get',
      path: '/admin/contact-messages/:id',
      summary: 'One message to support',
      access: 'staff',
      answer: answers.contactMessage,
    },
    contactAction('handle', 'Mark a message handled'),
    contactAction('reopen', 'Mark a message new again'),
    {
      method: 'get',
      path: '/admin/emails',
      summary: 'List sent and failed mails',
      access: 'staff',
      list: true,
      answer: z.array(answers.email),
    },
    { method: 'get', path: '/admin/emails/:id', summary: 'One mail', access: 'staff', answer: answers.email },
    {
      method: 'post',
      path: '/admin/emails/:id/retry',
      summary: 'Send a failed mail again',
      access: 'staff',
      answer: answers.email,
      refusals: [409],
    },
    ...retention('mail-bodies', 'the bodies of sent mails'),
    ...retention('contact-messages', 'messages to support'),
  ],
};
