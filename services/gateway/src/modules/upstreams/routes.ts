import type { ServiceName } from './upstreams';

/**
 * `/api/<path>` → owning service (docs/decisions/001). A pattern matches the path itself and everything below it;
 * a segment ending in `*` matches any segment that starts with what precedes the star (`students/verify*` covers
 * `students/verify`, `students/verify-otp` and `students/verify-document`).
 */
export const routingTable: ReadonlyArray<{ pattern: string; service: ServiceName }> = [
  { pattern: 'auth', service: 'identity' },
  { pattern: 'students/profile', service: 'identity' },
  { pattern: 'students/change-password', service: 'identity' },
  { pattern: 'students/delete-account', service: 'identity' },
  { pattern: 'admin/students', service: 'identity' },
  { pattern: 'admin/staff', service: 'identity' },
  { pattern: 'admin/identity-audit-log', service: 'identity' },
  { pattern: 'students/verify*', service: 'verification' },
  { pattern: 'admin/verifications', service: 'verification' },
  { pattern: 'admin/institutions', service: 'verification' },
  { pattern: 'admin/audit-log', service: 'verification' },
  { pattern: 'admin/retention/documents', service: 'verification' },
  { pattern: 'admin/retention/orphaned-files', service: 'verification' },
  { pattern: 'offers', service: 'offers' },
  { pattern: 'analytics', service: 'offers' },
  { pattern: 'merchant-applications', service: 'offers' },
  { pattern: 'admin/offers', service: 'offers' },
  { pattern: 'admin/merchant-applications', service: 'offers' },
  { pattern: 'admin/offer-audit-log', service: 'offers' },
  { pattern: 'admin/redemptions', service: 'offers' },
  { pattern: 'students/me/saved', service: 'offers' },
  { pattern: 'admin/code-reports', service: 'offers' },
  { pattern: 'admin/offer-proposals', service: 'offers' },
  { pattern: 'students/me/codes', service: 'offers' },
  // decision 016: a brand's colleagues and invitations are identity's, the rest of the merchant area offers' (first
  // match wins)
  { pattern: 'merchant/colleagues', service: 'identity' },
  { pattern: 'merchant/invitations', service: 'identity' },
  { pattern: 'merchant', service: 'offers' },
  { pattern: 'contact', service: 'notifications' },
  { pattern: 'admin/contact-messages', service: 'notifications' },
  { pattern: 'admin/retention/mail-bodies', service: 'notifications' },
  { pattern: 'admin/retention/contact-messages', service: 'notifications' },
  { pattern: 'admin/emails', service: 'notifications' },
];

/** Routes that take `multipart/form-data` (a file), capped at MULTIPART_LIMIT instead of JSON_LIMIT. */
export const uploadPatterns = [
  'students/verify-document',
  'merchant-applications',
  'admin/offers',
  // decision 016: everything under the merchant area may be a form with a file (a pool's CSV, a proposal's logo)
  'merchant',
];

export interface Route {
  service: ServiceName;
  /** the routing-table pattern that matched (a bounded metrics label) */
  pattern: string;
  /** path on the service, with a leading '/', exactly as the client sent it (still percent-encoded) */
  path: string;
  upload: boolean;
}

const compiled = routingTable.map(({ pattern, service }) => ({
  pattern,
  segments: pattern.split('/'),
  service,
}));
const compiledUploads = uploadPatterns.map((pattern) => pattern.split('/'));

function matches(pattern: string[], segments: string[]): boolean {
  if (segments.length < pattern.length) return false;
  return pattern.every((part, i) =>
    part.endsWith('*') ? segments[i].startsWith(part.slice(0, -1)) : segments[i] === part,
  );
}

/**
 * Finds the owner of `rawPath` (the part after `/api/`, without the query string). Anything that could mean a
 * different path once decoded or normalised by the service (`..`, `.`, an encoded `/` or `\`, empty segments other
 * than one trailing slash, bad percent-encoding) matches nothing, so it ends as a 404.
 */
export function findRoute(rawPath: string): Route | null {
  const trimmed = rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
  if (!trimmed) return null;
  const segments = trimmed.split('/');
  for (const segment of segments) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (!value || value === '.' || value === '..' || /[/\\\0]/.test(value)) return null;
  }
  // Matched on the raw segments, as the service's router will see them.
  const entry = compiled.find(({ segments: pattern }) => matches(pattern, segments));
  if (!entry) return null;
  return {
    service: entry.service,
    pattern: entry.pattern,
    path: `/${rawPath}`,
    upload: compiledUploads.some((pattern) => matches(pattern, segments)),
  };
}
