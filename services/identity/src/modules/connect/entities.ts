import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { brandAppModes } from '@tullab/contracts';

/**
 * A brand's app (issue 30 point 2, decision 019): a client of the OpenID Connect provider. Its id is the OAuth
 * `client_id`. Only the SHA-256 of its secret is kept (the secret is 32 random bytes, so a hash suffices), with the
 * secret's last four characters to tell secrets apart. A revoked app is kept, for the audit log and the funnel, and
 * is never a client again.
 */
export const BrandAppSchema = defineEntity({
  name: 'BrandApp',
  tableName: 'brand_apps',
  properties: {
    id: p.uuid().primary(),
    brandId: p.uuid(),
    name: p.string(),
    redirectUris: p.array(),
    mode: p.enum([...brandAppModes]),
    secretHash: p.string(),
    secretHint: p.string(),
    createdBy: p.uuid(),
    createdAt: p.datetime(),
    secretRotatedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});
export type BrandApp = InferEntity<typeof BrandAppSchema>;
