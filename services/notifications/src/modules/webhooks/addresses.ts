import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may not be sent (issue 30 point 5, T38): the addresses that are not on the public internet, so a
 * brand's URL cannot make notifications call Tullab's own network or the machine it runs on (SSRF). Loopback, the
 * private and shared ranges, link-local (the cloud's metadata address among them), multicast and reserved ranges,
 * the documentation ranges, and IPv6's unique-local and link-local addresses. An IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`) is checked against the IPv4 ranges (BlockList does so).
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is one a webhook may not be sent to; anything that is not an IP address is refused too. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return notPublic.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** A delivery refused before any connection: the URL's host is, or resolves to, an address that is not public. */
export class RefusedAddressError extends Error {
  constructor() {
    super('refused: the URL does not lead to a public internet address');
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * The addresses of a URL's host, each checked (an IP literal as it is, a name through DNS): one that is not public
 * refuses the delivery, unless `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES, for local development and e2e). The
 * caller connects to one of these, never resolving the name again, so the address checked is the one connected to.
 */
export async function resolvePublic(hostname: string, allowPrivate: boolean): Promise<ResolvedAddress[]> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await lookup(host, { all: true, verbatim: true });
  if (!allowPrivate && addresses.some((resolved) => isPrivateAddress(resolved.address)))
    throw new RefusedAddressError();
  return addresses;
}
