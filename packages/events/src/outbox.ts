import type { EntityManager } from '@mikro-orm/core';
import type { EventName, PayloadOf } from '@tullab/contracts';
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
  const row = outboxRow(name, payload, requestId);
  em.create(OutboxMessageSchema, row);
  return row.id;
}

/**
 * Stores an event at once, in one statement of its own (committed when it returns, unless `em` is in a transaction):
 * for an event that announces nothing else being stored, such as a batch of tracking calls (decision 004). Returns
 * the event id.
 */
export async function storeInOutbox<N extends EventName>(
  em: EntityManager,
  name: N,
  payload: PayloadOf<N>,
): Promise<string> {
  const row = outboxRow(name, payload);
  await em.insert(OutboxMessageSchema, row);
  return row.id;
}

function outboxRow<N extends EventName>(name: N, payload: PayloadOf<N>, requestId?: string | null) {
  const envelope = createEnvelope(name, payload, { requestId });
  return {
    id: envelope.id,
    name,
    payload: envelope.payload,
    requestId: envelope.requestId,
    occurredAt: new Date(envelope.occurredAt),
    enqueuedAt: null,
    sweptAt: null,
  };
}
