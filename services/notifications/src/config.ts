import { serviceEnv } from '@tullab/config';
import { WEBHOOK_TIMEOUT_MS } from '@tullab/contracts';
import { z } from 'zod';

const milliseconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** Notifications' environment: the shared service variables plus outgoing mail, the dispatcher's and webhooks' knobs. */
export const configShape = {
  ...serviceEnv({ port: 4004, schema: 'notifications' }),
  /** where mail goes out: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }),
  /** the From of every message */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, 'must be an address or "Name <address>"')
    .default('Tullab <no-reply@tullab.ae>'),
  /** where contact messages are delivered (SPEC §7 POST /api/contact) */
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }),
  /** first retry delay after a temporary SMTP failure; doubles per attempt (5 s, 10 s, 20 s, …) */
  MAIL_RETRY_BASE_MS: milliseconds(5_000),
  /** the longest wait between two attempts (5 min) */
  MAIL_RETRY_MAX_MS: milliseconds(5 * 60_000),
  /** how often the dispatcher looks for due mail when nothing nudges it */
  MAIL_DISPATCH_INTERVAL_MS: milliseconds(5_000),
  /** how many mails one dispatcher pass claims */
  MAIL_DISPATCH_BATCH: z.coerce.number().int().min(1).max(100).default(10),
  /** a claimed mail whose sender died is claimed again after this long */
  MAIL_CLAIM_LEASE_MS: milliseconds(2 * 60_000),
  /** how many days after it was delivered a mail's body is erased (recipient, template, status and dates stay) */
  MAIL_BODY_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** how many days after it was received a contact message is deleted */
  CONTACT_MESSAGE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(180),
  /**
   * how many days after it was delivered, or last tried and failed, a brand's webhook delivery is deleted with its
   * log (never while it is still being tried)
   */
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** how often the retention policies run */
  RETENTION_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(60 * 60_000),
  /** contact messages per client IP per window (SPEC §7 POST /api/contact) */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /**
   * Brands' webhooks (issue 30 point 5, T38): whether one may be sent to a loopback, private or link-local address.
   * Never in production (a brand's URL could reach Tullab's own network); true for `npm start` and e2e, whose sample
   * store runs on this computer.
   */
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z.stringbool({ error: 'must be true or false' }).default(false),
  /** first wait before a webhook is tried again; doubles per try (1 min, 2 min, … 64 min: 8 tries in about 2 hours) */
  WEBHOOK_RETRY_BASE_MS: milliseconds(60_000),
  /** the longest wait for a webhook's answer */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(WEBHOOK_TIMEOUT_MS).default(WEBHOOK_TIMEOUT_MS),
  /** how often pending deliveries without a job (Redis was down or lost them) are handed to the queue again */
  WEBHOOK_REQUEUE_INTERVAL_MS: milliseconds(60_000),
  /** how overdue a pending delivery's next try must be before it counts as without a job */
  WEBHOOK_REQUEUE_AFTER_MS: milliseconds(5 * 60_000),
};

export type Config = z.infer<z.ZodObject<typeof configShape>>;
