/** The compressed copies the apps' builds write beside each text file, in the order the gateway prefers them. */
export const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

export type Encoding = (typeof ENCODINGS)[number];

/** The weight (q) of each coding an Accept-Encoding header names; a q that is not a number counts as 0. */
function weights(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const item of header.split(',')) {
    const [coding, ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    if (!coding) continue;
    const q = params.map((param) => param.split('=').map((s) => s.trim())).find(([name]) => name === 'q');
    named.set(coding, q ? Number(q[1]) || 0 : 1);
  }
  return named;
}

/**
 * The encodings of ENCODINGS an Accept-Encoding header accepts (RFC 9110 §12.5.3), best first: the client's
 * weights decide, the gateway's order settles a tie, `q=0` refuses one and `*` stands for any coding not named.
 * Chromium's `gzip, deflate, br, zstd` gives br then gzip; `br;q=0, gzip` gives gzip; no header gives none.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const named = weights(header ?? '');
  const weight = (encoding: Encoding) => named.get(encoding.name) ?? named.get('*') ?? 0;
  return ENCODINGS.filter((encoding) => weight(encoding) > 0).sort((a, b) => weight(b) - weight(a));
}
