import type { Request, Response } from 'express';
import { API_PREFIX, CONNECT_INTERACTION_SECONDS, CONNECT_PATHS } from '@tullab/contracts';
import { cookiePolicy, readCookie } from '../sessions/cookies';

const OPENER_POLICY = 'Cross-Origin-Opener-Policy';
const AUTHORIZATION = CONNECT_PATHS.routes.authorization;

/** The brand's request (`/oidc/auth`) and the provider's resume address after a decision (`/oidc/auth/<uid>`). */
const isAuthorization = (path: string) => path === AUTHORIZATION || path.startsWith(`${AUTHORIZATION}/`);
const isApi = (path: string) => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);

/** Calls `listener` with the answer's status just before its headers go out, whoever writes them. */
function beforeHeaders(res: Response, listener: (status: number) => void) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, status: number, ...rest: unknown[]) {
    listener(status);
    return (writeHead as (...args: unknown[]) => Response).call(this, status, ...rest);
  } as Response['writeHead'];
}

/**
 * The one exemption from `Cross-Origin-Opener-Policy: same-origin` (S26), for "Verify with Tullab" (issue 30,
 * decision 019). The brand's button opens the flow in a popup and must keep its window reference to see the popup
 * come back to the brand's callback, close it and move its own page on (`@tullab/connect-button`). A browser severs
 * that reference as soon as the popup is given any answer with COOP `same-origin` (a redirect included, and
 * `same-origin-allow-popups` too), so the answers of the popup's whole trip through Tullab are `unsafe-none`:
 *
 * - the provider's authorization endpoint, `/oidc/auth` and its resume address `/oidc/auth/<uid>`, whatever they
 *   answer (an error page shows in the popup too). Each such answer sets a marker cookie of the gateway's own,
 *   `tullab_flow` (`__Host-` and Secure behind https, like the session cookie, S5), HttpOnly, SameSite=Lax, for the
 *   provider's interaction time (CONNECT_INTERACTION_SECONDS); a redirect to anywhere but Tullab's origin sends the
 *   browser back to the brand, and clears it. The name is not under the provider's prefix (`connect_`), so it never
 *   reaches identity, which is passed the provider's cookies only.
 * - every other answer while the browser carries the marker: the sign-in, sign-up, verification and consent pages
 *   the student passes through on the way. Not `/api` answers: they are never a window's page.
 *
 * Only COOP changes: the pages still cannot be framed (`frame-ancestors 'none'`) nor read by the brand's page. Returns
 * what the security-headers middleware calls on each request, after setting the others.
 */
export function popupOpenerPolicy(publicUrl: string): (req: Request, res: Response) => void {
  const ours = new URL(publicUrl).origin;
  const { secure } = cookiePolicy(publicUrl);
  const name = `${secure ? '__Host-' : ''}tullab_flow`;
  const marker = (value: string, maxAge: number) =>
    `${name}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const start = marker('1', CONNECT_INTERACTION_SECONDS);
  const end = marker('', 0);

  /** A redirect away from Tullab: the provider sends the student back to the brand (a code or an error). */
  const sendsBack = (res: Response, status: number) => {
    const location = res.getHeader('location');
    if (status < 300 || status >= 400 || typeof location !== 'string') return false;
    return URL.canParse(location, ours) && new URL(location, ours).origin !== ours;
  };

  return (req, res) => {
    if (isAuthorization(req.path)) {
      // set as the headers go out, over anything the answer brought: the provider's own answers pass through
      beforeHeaders(res, (status) => {
        res.setHeader(OPENER_POLICY, 'unsafe-none');
        res.appendHeader('Set-Cookie', sendsBack(res, status) ? end : start);
      });
    } else if (!isApi(req.path) && readCookie(req.headers.cookie, name)) {
      res.setHeader(OPENER_POLICY, 'unsafe-none');
    }
  };
}
