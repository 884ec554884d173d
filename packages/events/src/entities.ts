import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An event waiting to be moved to its consumers' queues, written in the producer's own transaction. */
export const OutboxMessageSchema = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox',
  properties: {
    id: p.uuid().primary(),
    name: p.string(),
    payload: p.json<unknown>(),
    requestId: p.string().nullable(),
    occurredAt: p.datetime(),
    enqueuedAt: p.datetime().nullable(),
    sweptAt: p.datetime().nullable(),
  },
});
export type OutboxMessage = InferEntity<typeof OutboxMessageSchema>;

/** Ids of events this service has already handled: a redelivered event has no second effect. */
export const ProcessedEventSchema = defineEntity({
  name: 'ProcessedEvent',
  tableName: 'processed_event',
  properties: {
    eventId: p.uuid().primary(),
    name: p.string(),
    processedAt: p.datetime(),
  },
});
export type ProcessedEvent = InferEntity<typeof ProcessedEventSchema>;

export const eventEntities = [OutboxMessageSchema, ProcessedEventSchema];
