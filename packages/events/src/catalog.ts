import type { z } from 'zod';
import { emailRequestedPayload } from './contracts/notifications';
import { offerActivityPayload, offerRedeemedPayload } from './contracts/offers';
import { statusChangedPayload } from './contracts/verification';
import type { QueueName } from './queues';

/** Every event: its payload schema and the queues of the services that consume it. */
export const catalog = {
  'email.requested': { schema: emailRequestedPayload, consumers: ['notifications'] },
  'verification.status_changed': { schema: statusChangedPayload, consumers: ['identity'] },
  /** SPEC §7 analytics `offer_click`: the offer's card was opened */
  'offer.viewed': { schema: offerActivityPayload, consumers: ['offers'] },
  /** SPEC §7 analytics `link_copy`: the offer's share link was copied */
  'offer.link_shared': { schema: offerActivityPayload, consumers: ['offers'] },
  'offer.code_copied': { schema: offerActivityPayload, consumers: ['offers'] },
  'offer.referral_clicked': { schema: offerActivityPayload, consumers: ['offers'] },
  'offer.redeemed': { schema: offerRedeemedPayload, consumers: ['offers'] },
} satisfies Record<string, { schema: z.ZodType; consumers: readonly QueueName[] }>;

export type EventName = keyof typeof catalog;
export type PayloadOf<N extends EventName> = z.infer<(typeof catalog)[N]['schema']>;

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(catalog, name);
}
