import { Migration } from '@tullab/db';

/**
 * The provider's codes and access tokens are kept as their SHA-256, without their `jti` (issue 30 "tokens stored
 * hashed", `ProviderRecords`): the rows made before are rewritten so, and stay found by the token a client presents.
 * A few rows at most (codes live a minute, access tokens five), so the update takes no noticeable lock.
 */
export class Migration20261205100000HashedProviderTokens extends Migration {
  override async up(): Promise<void> {
    this
      .addSql(`update oidc_records set id = encode(sha256(convert_to(id, 'UTF8')), 'hex'), payload = payload - 'jti'
      where model in ('AuthorizationCode', 'AccessToken')`);
  }
}
