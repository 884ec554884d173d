import type { ApiRoute } from './route.js';

/** What each refusal status means, with the codes it may carry (docs/errors.md has every code). */
export const refusalMeanings: Record<string, string> = {
  400: '`validation_failed` (with `errors` by field), `malformed_body`, `invalid_request` or `redemption_invalid`',
  401: "`unauthenticated` (no session, or no brand app's credentials), or a refused credential: `invalid_credentials`, `session_expired`, `code_invalid`",
  403: '`forbidden` (the caller may not), `not_verified`, `redemption_other_brand`, or `csrf_failed` (a cross-site call)',
  404: '`not_found`',
  409: '`conflict`, or what conflicts: e.g. `email_taken`, `already_verified`, `already_reviewed`, `saved_limit`, `last_admin`, `redemption_used`, `order_conflict`',
  410: '`gone`: e.g. `offer_expired`, `invitation_invalid`, `code_exhausted`, `redemption_expired`',
  413: '`payload_too_large` or `upload_too_large`',
  422: '`idempotency_key_reused`: the `Idempotency-Key` was used for another request',
  415: '`unsupported_media_type` or `file_type_not_allowed`',
  429: '`rate_limited` or `too_many_attempts`; `Retry-After` says when to try again',
  503: '`unavailable`',
  default: 'Any other refusal or failure (5xx: `internal`, `bad_gateway`, `unavailable`, `gateway_timeout`)',
};

/** The refusals a route may answer: those its input, its access and an `:id` imply, and the ones it names. */
export function refusals(route: ApiRoute, hasParams: boolean): number[] {
  const statuses = new Set(route.refusals);
  if (route.body || route.query || route.list || hasParams) statuses.add(400);
  if (route.access !== 'anyone') statuses.add(401);
  if (route.access !== 'anyone' && route.access !== 'signedIn') statuses.add(403);
  if (route.method !== 'get') statuses.add(403);
  if (hasParams) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}
