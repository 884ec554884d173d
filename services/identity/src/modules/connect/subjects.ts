import { brandAppModes, type BrandAppMode } from '@tullab/contracts';
import { hmacHex } from '@tullab/http';

/**
 * The pairwise subject identifier a brand's app knows a student by (decision 019): an HMAC of the app's sector and the
 * account, so one brand's id for a student tells another brand nothing. The provider's `pairwiseIdentifier` and the
 * events that name a student to a brand's webhooks (issue 30 point 5) both come here, so they always agree.
 */
export const pairwiseSubject = (subjectKey: string, sector: string, accountId: string): string =>
  hmacHex(subjectKey, `${sector}|${accountId}`);

/**
 * An app's sector as oidc-provider 9 computes it for a pairwise client without a `sector_identifier_uri`
 * (`lib/helpers/sector_identifier.js`): the host, port included, of its first redirect URI. For code outside the
 * provider, which has the app's row but not the provider's client.
 */
export const sectorOf = (redirectUris: readonly string[]): string => new URL(redirectUris[0]).host;

/** A brand app as the events about it name it. */
export interface ConnectApp {
  appId: string;
  brandId: string;
  mode: BrandAppMode;
}

/** What of the provider's client (a brand app: `BrandAppClients`) the events need. */
interface ClientLike {
  clientId: string;
  [metadata: string]: unknown;
}

/** The brand app the provider's client stands for, from its extra metadata (CLIENT_EXTRA_METADATA). */
export function appOfClient(client: ClientLike | undefined): ConnectApp | undefined {
  const brandId = client?.['brand_id'];
  const mode = brandAppModes.find((m) => m === client?.['tullab_mode']);
  if (!client || typeof brandId !== 'string' || !mode) return undefined;
  return { appId: client.clientId, brandId, mode };
}
