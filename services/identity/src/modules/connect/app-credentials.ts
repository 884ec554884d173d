import type { EntityManager } from '@mikro-orm/core';
import type { ResolveBrandAppBody, ResolvedBrandApp } from '@tullab/contracts';
import { secretMatches } from './clients';
import { BrandAppSchema } from './entities';

/**
 * The app of a brand's server's credentials (issue 30, docs/connect.md): its client id and secret, the ones its
 * OpenID Connect client uses, compared with the secret's hash in constant time. An unknown or revoked app and a wrong
 * secret are alike: null.
 */
export async function resolveBrandApp(
  em: EntityManager,
  { clientId, secret }: ResolveBrandAppBody,
): Promise<ResolvedBrandApp | null> {
  const app = await em.fork().findOne(BrandAppSchema, { id: clientId, revokedAt: null });
  if (!app || !secretMatches(app.secretHash, secret)) return null;
  return { appId: app.id, brandId: app.brandId, mode: app.mode };
}
