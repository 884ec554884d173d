import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A signed-in browser (S4): only the SHA-256 of its token is stored. */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    tokenHash: p.string(),
    createdAt: p.datetime(),
    lastSeenAt: p.datetime(),
    /** absolute end of the session, fixed at sign-in */
    expiresAt: p.datetime(),
  },
});
export type Session = InferEntity<typeof SessionSchema>;
