import type { EntityManager } from '@mikro-orm/core';
import { VerificationRequestSchema } from './entities';

/** How many of the student's documents wait for staff. */
export const pendingDocuments = (em: EntityManager, userId: string) =>
  em.count(VerificationRequestSchema, { userId, method: 'document', status: 'pending' });
