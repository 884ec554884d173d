import { z } from 'zod';
import { brandAppIdParams } from '../merchant/apps.js';
import {
  putWebhookBody,
  WEBHOOK_ATTEMPTS,
  WEBHOOK_DELIVERIES_LISTED,
  webhookDeliveryParams,
  webhookDeliveryStatuses,
  webhookEventTypes,
  webhookMessages,
} from '../merchant/webhooks.js';
import { routeGroup } from './route.js';

/** `WebhookEndpointAnswer` of @tullab/contracts, field by field. */
const webhook = z
  .object({
    appId: z.uuid(),
    url: z.string(),
    events: z.array(z.enum(webhookEventTypes)),
    secretHint: z.string().meta({ description: "the signing secret's last four characters" }),
    createdAt: z.string(),
    updatedAt: z.string(),
    secretRotatedAt: z.string().nullable(),
  })
  .meta({ id: 'Webhook', description: "A brand app's webhook; never its signing secret" });

const withSecret = z
  .object({
    webhook,
    secret: z.string().nullable().meta({
      description:
        'the Standard Webhooks signing secret (`whsec_…`): shown when the webhook is made or its secret rotated, null otherwise',
    }),
  })
  .meta({ id: 'WebhookWithSecret' });

/** `WebhookDeliveryAnswer` of @tullab/contracts, field by field. */
const delivery = z
  .object({
    id: z.string().meta({ description: 'the `webhook-id` header, the same at every attempt and resend' }),
    type: z.enum(webhookEventTypes),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.number().int(),
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
    log: z.array(
      z.object({
        at: z.string(),
        status: z.number().int().nullable(),
        error: z.string().nullable(),
        durationMs: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });

/** Brand apps' webhooks, kept and sent by notifications (issue 30 point 5). */
export const brandWebhooks = routeGroup({
  owner: 'notifications',
  tag: 'Webhooks',
  description: `Issue 30 point 5: each brand app may have one webhook, told the events its brand chooses (\`student.verified\`, \`redemption.created\`, \`verification.expired\`). Every POST is signed as the Standard Webhooks specification says (headers \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`) and answered within 10 s; anything but a 2xx is tried again with backoff, ${WEBHOOK_ATTEMPTS} attempts in all. A body is \`{ "type", "timestamp", "data" }\`, where \`data\` names the student only by the pairwise \`subject\` of the app's ID tokens. Another brand's app is 404.`,
  routes: {
    get: {
      method: 'get',
      path: '/merchant/apps/:id/webhook',
      summary: "The app's webhook",
      access: 'merchant',
      params: brandAppIdParams,
      answer: webhook,
      description: 'An app without a webhook is 404.',
    },
    put: {
      method: 'put',
      path: '/merchant/apps/:id/webhook',
      summary: "Set the app's webhook URL and events; a new webhook's secret is shown this once",
      access: 'merchant',
      params: brandAppIdParams,
      body: putWebhookBody,
      answer: withSecret,
      description: `A live app's URL is https://; a test app's may be http://. ${webhookMessages.events}.`,
    },
    rotateSecret: {
      method: 'post',
      path: '/merchant/apps/:id/webhook/rotate-secret',
      summary: 'Give the webhook a new signing secret, shown this once; the old one signs nothing more',
      access: 'merchant',
      params: brandAppIdParams,
      answer: withSecret,
    },
    remove: {
      method: 'delete',
      path: '/merchant/apps/:id/webhook',
      summary: "Remove the app's webhook; deliveries still waiting are not sent",
      access: 'merchant',
      params: brandAppIdParams,
      status: 204,
    },
    deliveries: {
      method: 'get',
      path: '/merchant/apps/:id/webhook/deliveries',
      summary: `The app's last ${WEBHOOK_DELIVERIES_LISTED} deliveries, newest first, each with its attempts`,
      access: 'merchant',
      params: brandAppIdParams,
      answer: z.array(delivery),
    },
    resend: {
      method: 'post',
      path: '/merchant/apps/:id/webhook/deliveries/:deliveryId/resend',
      summary: 'Send a delivery again now, with the same webhook-id, to the webhook as it is now',
      access: 'merchant',
      params: webhookDeliveryParams,
      notFound: webhookMessages.deliveryNotFound,
      status: 202,
      answer: delivery,
      refusals: [409],
      description: 'An app without a webhook is 409 `conflict`.',
    },
  },
});
