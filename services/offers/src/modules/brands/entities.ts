import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { languages } from '@tullab/http';

/**
 * A partner brand with a merchant account (issue 16, decision 016): made when staff approve its merchant application.
 * Its offers carry its id (`offer.brand_id`); a merchant's identity names it, and every merchant route is scoped to it.
 * The contact is the application's: the low-pool e-mail goes there.
 */
export const BrandSchema = defineEntity({
  name: 'Brand',
  tableName: 'brand',
  properties: {
    id: p.uuid().primary(),
    name: p.string(),
    contactEmail: p.string(),
    contactName: p.string(),
    /** the contact's language for the brand's e-mails */
    language: p.enum([...languages]),
    merchantApplicationId: p.uuid().nullable(),
    createdAt: p.datetime(),
  },
});
export type Brand = InferEntity<typeof BrandSchema>;
