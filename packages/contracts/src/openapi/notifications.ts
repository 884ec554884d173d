import { z } from 'zod';
import { contactMessageBody } from '../notifications/contact-messages.js';
import { retention } from './admin-resources.js';
import { answers, messageAnswer } from './answers.js';
import { routeGroup } from './route.js';

export const mailBodiesRetention = retention('mail-bodies', 'the bodies of sent mails');
export const contactMessagesRetention = retention('contact-messages', 'messages to support');
export const webhookDeliveriesRetention = retention('webhook-deliveries', 'webhook deliveries to brands');

const contactMessageId = z.object({ id: z.uuid('Not a valid contact message id') });
const emailId = z.object({ id: z.uuid('Not a valid e-mail id') });

const contactAction = (action: string, summary: string) =>
  ({
    method: 'post',
    path: `/admin/contact-messages/:id/${action}`,
    summary,
    access: 'staff',
    params: contactMessageId,
    answer: answers.contactMessage,
  }) as const;

export const contact = routeGroup({
  owner: 'notifications',
  tag: 'Contact',
  description: 'SPEC §7.6: a message to support',
  routes: {
    send: {
      method: 'post',
      path: '/contact',
      summary: 'Send a message to support',
      access: 'anyone',
      body: contactMessageBody,
      status: 201,
      answer: messageAnswer,
      refusals: [429],
    },
  },
});

export const notificationsAdmin = routeGroup({
  owner: 'notifications',
  tag: 'Admin: messages and mail',
  description: 'Messages to support and the mails the platform sent, for the admin console',
  routes: {
    contactMessages: {
      method: 'get',
      path: '/admin/contact-messages',
      summary: 'List messages to support',
      access: 'staff',
      list: {
        resource: 'contact-messages',
        sortable: ['createdAt', 'status', 'email'],
        filterable: { status: 'in', createdAt_gte: 'gte', createdAt_lte: 'lte' },
        defaultSort: ['createdAt', 'DESC'],
        search: ['firstName', 'lastName', 'email', 'message'],
      },
      answer: z.array(answers.contactMessage),
    },
    contactMessage: {
      method: 'get',
      path: '/admin/contact-messages/:id',
      summary: 'One message to support',
      access: 'staff',
      params: contactMessageId,
      answer: answers.contactMessage,
    },
    handleContactMessage: contactAction('handle', 'Mark a message handled'),
    reopenContactMessage: contactAction('reopen', 'Mark a message new again'),
    emails: {
      method: 'get',
      path: '/admin/emails',
      summary: 'List sent and failed mails',
      access: 'staff',
      list: {
        resource: 'emails',
        sortable: ['createdAt', 'updatedAt', 'sentAt', 'status', 'attempts', 'recipient', 'template'],
        filterable: { status: 'in', template: 'in', createdAt_gte: 'gte', createdAt_lte: 'lte' },
        defaultSort: ['createdAt', 'DESC'],
        search: ['recipient'],
      },
      answer: z.array(answers.email),
    },
    email: {
      method: 'get',
      path: '/admin/emails/:id',
      summary: 'One mail',
      access: 'staff',
      params: emailId,
      answer: answers.email,
    },
    retryEmail: {
      method: 'post',
      path: '/admin/emails/:id/retry',
      summary: 'Send a failed mail again',
      access: 'staff',
      params: emailId,
      answer: answers.email,
      refusals: [409],
    },
    mailBodiesPolicy: mailBodiesRetention.policy,
    runMailBodiesPolicy: mailBodiesRetention.run,
    contactMessagesPolicy: contactMessagesRetention.policy,
    runContactMessagesPolicy: contactMessagesRetention.run,
    webhookDeliveriesPolicy: webhookDeliveriesRetention.policy,
    runWebhookDeliveriesPolicy: webhookDeliveriesRetention.run,
  },
});
