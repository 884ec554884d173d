/**
 * Whether an address is the brand's OAuth callback itself with Tullab's answer in it (`code` or `error`, and `state`),
 * rather than the page the callback sent the student on to. The brand's server has already answered it in the popup:
 * opening it a second time would present the single-use code again, and Tullab revokes the grant of a replayed code
 * (decision 019).
 */
export function isAuthorizationResponse(url: URL): boolean {
  const query = url.searchParams;
  return query.has('state') && (query.has('code') || query.has('error'));
}
