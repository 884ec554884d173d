import { z } from 'zod';

/**
 * A brand app's webhook (issue 30 point 5): one endpoint per app, told the events its brand chose, each a POST signed
 * as the Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the
 * endpoint's secret, shown once (`whsec_…`). A body is `{ "type", "timestamp", "data" }`; `data` names the student only
 * by the pairwise `subject` of the app's ID tokens.
 */
export const webhookEventTypes = ['student.verified', 'redemption.created', 'verification.expired'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** How often an event is tried before its delivery fails, and the longest wait for an answer (issue 30 point 5). */
export const WEBHOOK_ATTEMPTS = 8;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How many deliveries the portal's log shows, newest first. */
export const WEBHOOK_DELIVERIES_LISTED = 100;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const webhookMessages = {
  url: 'The webhook URL is a full https:// address (http:// for a test app)',
  liveUrl: "A live app's webhook URL is an https:// address",
  events: 'Choose at least one event',
  notFound: 'This app has no webhook',
  deliveryNotFound: 'Delivery not found',
} as const;

/** PUT /merchant/apps/:id/webhook */
export const putWebhookBody = z.object({
  url: z
    .url({ protocol: /^https?$/, error: webhookMessages.url })
    .trim()
    .max(2000, webhookMessages.url)
    .refine((value) => !value.includes('#'), webhookMessages.url),
  events: z
    .array(z.enum(webhookEventTypes, webhookMessages.events), webhookMessages.events)
    .min(1, webhookMessages.events)
    .transform((events) => webhookEventTypes.filter((type) => events.includes(type))),
});
export type PutWebhookBody = z.infer<typeof putWebhookBody>;

/** /merchant/apps/:id/webhook/deliveries/:deliveryId… */
export const webhookDeliveryParams = z.object({
  id: z.uuid('Not a valid app id'),
  deliveryId: z.string().regex(/^msg_[A-Za-z0-9]{1,64}$/, 'Not a valid delivery id'),
});

/** An app's webhook as its brand sees it: never its secret, only the secret's last four characters. */
export interface WebhookEndpointAnswer {
  appId: string;
  url: string;
  events: WebhookEventType[];
  secretHint: string;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt: string | null;
}

/** The answer that carries the signing secret, once: when the webhook is made and when its secret is rotated. */
export interface WebhookWithSecret {
  webhook: WebhookEndpointAnswer;
  /** `whsec_…`; null when an existing webhook was changed (its secret stays) */
  secret: string | null;
}

/** One POST of a delivery, as its log shows it. */
export interface WebhookAttemptAnswer {
  at: string;
  /** the endpoint's HTTP status; null when none came (refused address, timeout, connection error) */
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** One event sent (or being sent) to the app's webhook, with its attempts, oldest first. */
export interface WebhookDeliveryAnswer {
  /** the `webhook-id` header: the same at every attempt and resend, so the receiver can tell a repeat */
  id: string;
  type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  log: WebhookAttemptAnswer[];
}
