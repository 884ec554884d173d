/** Where a page is: its address and origin (`window.location`). */
export interface PageLocation {
  href: string;
  origin: string;
}

/**
 * The address the flow starts at: `start` resolved against the page, or null when it is missing, not an address,
 * not http(s) or on another origin than the page's. The brand's own server starts the flow (it keeps the PKCE
 * verifier and `state`), so the button only ever opens the brand's own addresses: a button on a page is no way to
 * send its visitors elsewhere (an open redirect), whatever its attribute says.
 */
export function startAddress(start: string | null, page: PageLocation): URL | null {
  if (!start?.trim()) return null;
  let url: URL;
  try {
    url = new URL(start, page.href);
  } catch {
    return null;
  }
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  return web && url.origin === page.origin ? url : null;
}
