import type { Request, Response } from 'express';
import {
  identityInternal,
  pathOf,
  resolveBrandAppBody,
  resolvedBrandAppAnswer,
  type ResolveBrandAppBody,
} from '@tullab/contracts';
import { signIdentity, type Caller } from '@tullab/http';
import { fromUnexpectedAnswer, fromUpstreamError } from '../upstreams/errors';
import { UpstreamError } from '../upstreams/upstreams';
import { clientIp, visitor } from './caller';
import type { SessionDeps } from './resolver';

const RESOLVE_TIMEOUT_MS = 5000;

/**
 * The client id and secret of an `Authorization: Basic` header, as OAuth sends them (RFC 6749 §2.3.1: each
 * form-encoded, then joined by a colon), when they are ones identity would look up.
 */
export function brandAppCredentials(header: string | undefined): ResolveBrandAppBody | null {
  const match = /^Basic ([A-Za-z0-9+/=]{1,400})$/i.exec(header?.trim() ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    const parsed = resolveBrandAppBody.safeParse({
      clientId: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Who a brand's server is (issue 30, routes with `access: 'brandApp'`): its app, which identity resolves from the
 * credentials on every call, so a revoked app or a rotated secret is refused at once. No credentials, or wrong ones,
 * → a visitor, whom the service answers 401 with the Basic challenge; identity down → 502 (504 when it does not
 * answer in time).
 */
export async function resolveBrandApp(
  deps: Pick<SessionDeps, 'upstreams' | 'internalSecret' | 'log'>,
  req: Request,
  res: Response,
): Promise<Caller> {
  const ip = clientIp(req);
  const credentials = brandAppCredentials(req.headers.authorization);
  if (!credentials) return visitor(ip);
  const identity = deps.upstreams.services.identity;
  const reqId = String(res.getHeader('x-request-id') ?? '');
  let answer;
  try {
    answer = await deps.upstreams.callJson(identity, {
      method: 'POST',
      path: pathOf(identityInternal.routes.resolveBrandApp),
      headers: { ...signIdentity(visitor(ip), deps.internalSecret, 'identity'), 'x-request-id': reqId },
      body: credentials,
      timeoutMs: RESOLVE_TIMEOUT_MS,
    });
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    deps.log.error({ reqId, err: err.message }, 'brand app resolution failed');
    throw fromUpstreamError(err);
  }
  if (answer.status === 401) return visitor(ip);
  const parsed = answer.status === 200 ? resolvedBrandAppAnswer.safeParse(answer.body) : undefined;
  if (!parsed?.success) {
    deps.log.error({ reqId, status: answer.status }, 'brand app resolution answered unexpectedly');
    throw fromUnexpectedAnswer(identity, answer.status);
  }
  const { appId, brandId, mode } = parsed.data;
  return { ...visitor(ip), brandId, app: { id: appId, mode } };
}
