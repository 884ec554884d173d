import type { EntityManager } from '@mikro-orm/core';
import type { EventName, PayloadOf } from './catalog';
import { createEnvelope } from './envelope';
import { OutboxMessageSchema } from './entities';

/**
 * Adds an event to the caller's unit of work (CONVENTIONS "Publishing"): it is stored by the same flush as the
 * change it announces, or not at all. Returns the event id.
 */
export function addToOutbox<N extends EventName>(
  em: EntityManager,
  name: N,
  payload: PayloadOf<N>,
  requestId?: string | null,
): string {
  const envelope = createEnvelope(name, payload, { requestId });
  em.create(OutboxMessageSchema, {
    id: envelope.id,
    name,
    payload: envelope.payload,
    requestId: envelope.requestId,
    occurredAt: new Date(envelope.occurredAt),
    enqueuedAt: null,
    sweptAt: null,
  });
  return envelope.id;
}
