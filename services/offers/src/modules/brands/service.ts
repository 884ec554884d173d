import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import { BrandSchema, type Brand } from './entities';

/**
 * Makes the brand of an approved application in the caller's unit of work and announces it (`brand.approved`), so
 * identity invites its contact to a merchant account exactly when the approval is stored (decision 016).
 */
/** What a brand is made from: its approved merchant application's name and contact. */
export interface BrandOrigin {
  id: string;
  brandName: string;
  contactEmail: string;
  contactName: string;
  language: Brand['language'];
}

export function createBrand(em: EntityManager, application: BrandOrigin, requestId: string | null): Brand {
  const brand = em.create(BrandSchema, {
    id: randomUUID(),
    name: application.brandName,
    contactEmail: application.contactEmail,
    contactName: application.contactName,
    language: application.language,
    merchantApplicationId: application.id,
    createdAt: new Date(),
  });
  addToOutbox(
    em,
    'brand.approved',
    {
      brandId: brand.id,
      brandName: brand.name,
      contactEmail: brand.contactEmail,
      contactName: brand.contactName,
      language: brand.language,
    },
    requestId,
  );
  return brand;
}
