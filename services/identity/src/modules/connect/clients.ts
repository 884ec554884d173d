import type { EntityManager } from '@mikro-orm/core';
import { digestsEqual, sha256Hex } from '@tullab/http';
import { BrandAppSchema } from './entities';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What of a brand app the provider keeps on its client besides OAuth's metadata. */
export const CLIENT_EXTRA_METADATA = ['brand_id', 'tullab_mode'];

/**
 * The provider's `Client` storage (decision 019): a brand app that is not revoked, as OAuth client metadata, read
 * afresh on every use, so a revoked app or a rotated secret takes effect at once. `client_secret` is the secret's
 * SHA-256; {@link secretMatches} is how the provider compares a presented secret with it. Clients are made in the
 * brands' portal, never through the provider.
 */
export class BrandAppClients {
  constructor(private readonly em: EntityManager) {}

  async find(id: string): Promise<Record<string, unknown> | undefined> {
    if (!UUID.test(id)) return undefined;
    const app = await this.em.fork().findOne(BrandAppSchema, { id, revokedAt: null });
    if (!app) return undefined;
    return {
      client_id: app.id,
      client_secret: app.secretHash,
      client_name: app.name,
      redirect_uris: app.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // openid-client's default, and every OAuth library's: the secret in the token request's form
      token_endpoint_auth_method: 'client_secret_post',
      brand_id: app.brandId,
      tullab_mode: app.mode,
    };
  }

  async upsert(): Promise<void> {
    throw new Error('brand apps are made in the brands’ portal');
  }

  async destroy(): Promise<void> {
    throw new Error('brand apps are revoked in the brands’ portal');
  }
}

/** A presented client secret against the stored hash, in constant time (S18). */
export const secretMatches = (storedHash: string, presented: string): boolean =>
  digestsEqual(storedHash, sha256Hex(presented));
