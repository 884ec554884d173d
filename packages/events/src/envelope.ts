import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { catalog, type EventName, type PayloadOf } from '@tullab/contracts';

export const envelopeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  occurredAt: z.iso.datetime(),
  requestId: z.string().nullable(),
  payload: z.unknown(),
});
export type Envelope<P = unknown> = Omit<z.infer<typeof envelopeSchema>, 'payload'> & { payload: P };

/** Builds an envelope, parsing the payload against its schema so a wrong one fails at the producer. */
export function createEnvelope<N extends EventName>(
  name: N,
  payload: PayloadOf<N>,
  options: { id?: string; requestId?: string | null } = {},
): Envelope<PayloadOf<N>> {
  return {
    id: options.id ?? randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    requestId: options.requestId ?? null,
    payload: catalog[name].schema.parse(payload) as PayloadOf<N>,
  };
}
