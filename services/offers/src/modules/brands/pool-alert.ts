import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import { BrandSchema } from './entities';
import type { Offer } from '../offers/entities';

/**
 * Queues the `merchant-pool-low` e-mail to the contact of the offer's brand, in their language, in the caller's unit
 * of work (decision 016): the brand can upload codes in the merchant portal before students find the pool empty. An
 * offer without a brand mails no one.
 */
export async function mailBrandPoolLow(
  em: EntityManager,
  offer: Pick<Offer, 'brandId' | 'title'>,
  codesLeft: number,
  requestId: string | null,
): Promise<void> {
  if (!offer.brandId) return;
  const brand = await em.findOne(BrandSchema, { id: offer.brandId });
  if (!brand) return;
  addToOutbox(
    em,
    'email.requested',
    {
      to: brand.contactEmail,
      template: 'merchant-pool-low',
      data: {
        contactName: brand.contactName,
        brandName: brand.name,
        offerTitle: offer.title,
        codesLeft: String(codesLeft),
      },
      language: brand.language,
    },
    requestId,
  );
}
