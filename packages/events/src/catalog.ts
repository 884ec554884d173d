import type { z } from 'zod';
import { emailRequestedPayload } from './contracts/notifications';
import { statusChangedPayload } from './contracts/verification';
import type { QueueName } from './queues';

/** Every event: its payload schema and the queues of the services that consume it. */
export const catalog = {
  'email.requested': { schema: emailRequestedPayload, consumers: ['notifications'] },
  'verification.status_changed': { schema: statusChangedPayload, consumers: ['identity'] },
} satisfies Record<string, { schema: z.ZodType; consumers: readonly QueueName[] }>;

export type EventName = keyof typeof catalog;
export type PayloadOf<N extends EventName> = z.infer<(typeof catalog)[N]['schema']>;

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(catalog, name);
}
