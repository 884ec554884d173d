import type { RequestHandler } from 'express';
import { CONNECT_COOKIE_PREFIX, INTERACTION_CALL, isConnectPath } from '@tullab/contracts';
import { HttpError } from '@tullab/http';
import { hasBody, mediaType } from '../security/body';
import { isCrossSite } from '../security/csrf';
import { resolveCaller } from '../sessions/resolver';
import type { ProxyDeps } from './router';
import { forward } from './forward';

const METHODS = ['GET', 'HEAD', 'POST'];
/** A protocol request (a token request, a form post of the authorization request) is a few hundred bytes. */
export const CONNECT_BODY_LIMIT = 16 * 1024;
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/** The cookie header with the provider's cookies only: the gateway's own session cookie never reaches identity here. */
function providerCookies(header: string | undefined): string | undefined {
  const kept = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(CONNECT_COOKIE_PREFIX));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/**
 * The OpenID Connect provider's paths (decision 019: the discovery document, everything below `/oidc/`, and the
 * consent screen's calls), passed to identity as they are: with the client's `Authorization` (a brand's client
 * secret) and the provider's cookies both ways, the caller resolved from the Tullab session as for any call, and
 * `X-Forwarded-Host`/`-Proto` written from PUBLIC_URL (never the client's), so the provider names its endpoints by
 * Tullab's public address. GET, HEAD and posts of at most CONNECT_BODY_LIMIT bytes: forms on the protocol's paths,
 * JSON from the consent screen, which must come from Tullab's own pages (S10).
 */
export function connectProxy(deps: ProxyDeps & { publicUrl: string }): RequestHandler {
  const publicUrl = new URL(deps.publicUrl);
  const ours = publicUrl.origin;
  const forwarded = {
    'x-forwarded-host': publicUrl.host,
    'x-forwarded-proto': publicUrl.protocol.slice(0, -1),
  };
  return async (req, res, next) => {
    if (!isConnectPath(req.path)) return next();
    if (!METHODS.includes(req.method))
      throw new HttpError(405, 'Method not allowed', { headers: { Allow: METHODS.join(', ') } });
    const screenCall = INTERACTION_CALL.test(req.path);
    if (screenCall && req.method === 'POST' && isCrossSite(req.headers, ours))
      throw new HttpError(403, 'Cross-site request refused', { code: 'csrf_failed' });
    const withBody = hasBody(req);
    if (withBody && mediaType(req) !== (screenCall ? JSON_TYPE : FORM))
      throw new HttpError(415, 'Unsupported content type');
    if (Number(req.headers['content-length'] ?? 0) > CONNECT_BODY_LIMIT)
      throw new HttpError(413, 'Request body is too large');
    const caller = await resolveCaller(deps, req, res);
    const cookie = providerCookies(req.headers.cookie);
    const headers: Record<string, string> = {
      ...forwarded,
      ...(req.headers.authorization && { authorization: req.headers.authorization }),
      ...(cookie && { cookie }),
    };
    await forward(deps, req, res, {
      upstream: deps.upstreams.services.identity,
      path: req.originalUrl,
      caller,
      bodyLimit: withBody ? CONNECT_BODY_LIMIT : null,
      headers,
      providerCookies: true,
    });
  };
}
