import {
  putWebhookBody,
  webhookEventTypes,
  webhookMessages,
  type PutWebhookBody,
  type WebhookEndpointAnswer,
  type WebhookEventType,
} from '@tullab/contracts';
import type { FieldErrors } from '@tullab/web-kit/forms/validate';
import i18n from 'i18next';

/** The form's field of each event type: a checkbox each (a name without dots, which react-final-form would nest). */
export const eventFields: Record<WebhookEventType, string> = {
  'student.verified': 'studentVerified',
  'redemption.created': 'redemptionCreated',
  'verification.expired': 'verificationExpired',
};

/** The webhook form's values: its URL as typed and a checkbox per event type. */
export type WebhookValues = { url?: string } & Record<string, string | boolean | undefined>;

/** A new webhook starts with every event; an existing one as it is. */
export const webhookValuesOf = (hook: WebhookEndpointAnswer | null): WebhookValues => ({
  url: hook?.url,
  ...Object.fromEntries(
    webhookEventTypes.map((type) => [eventFields[type], hook ? hook.events.includes(type) : true]),
  ),
});

/** The body of PUT /api/merchant/apps/:id/webhook. */
export const webhookBodyOf = (values: WebhookValues): PutWebhookBody => ({
  url: (values.url ?? '').trim(),
  events: webhookEventTypes.filter((type) => values[eventFields[type]] === true),
});

const ruleNames = new Map<string, string>(
  Object.entries(webhookMessages).map(([rule, text]) => [text, rule]),
);

/** A webhook rule's text in the page's language (`merchant:webhooks.rules`), from the contracts' English text. */
export function webhookRuleText(message: string): string {
  const rule = ruleNames.get(message);
  return rule ? i18n.t(`merchant:webhooks.rules.${rule}`) : message;
}

/** The form's messages from refused fields (`url`, `events`, `events.0`): the events' go under the checkboxes. */
export function webhookFieldErrors(refused: [field: string, message: string][]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of refused) {
    const field = path.split('.')[0];
    if (!(field in errors)) errors[field] = webhookRuleText(message);
  }
  return errors;
}

/** The form's `validate`: the body it would send, checked with the contracts' schema (a live app's https on send). */
export function validateWebhook(values: WebhookValues): FieldErrors | undefined {
  const result = putWebhookBody.safeParse(webhookBodyOf(values));
  if (result.success) return undefined;
  return webhookFieldErrors(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}
