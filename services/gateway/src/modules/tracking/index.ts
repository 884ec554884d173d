import type { Request, RequestHandler, Response } from 'express';
import { TRACKING_BODY_LIMIT } from '@tullab/events';
import { HttpError, signIdentity, IDENTITY_HEADER, SIGNATURE_HEADER, type Caller } from '@tullab/http';
import { findRoute } from '../proxy/routes';
import { bodyLimitFor, hasBody } from '../security/body';
import { resolveSession, type SessionDeps } from '../sessions/resolver';
import type { TrackingBatches } from './batches';

export * from './batches';

/** SPEC §7's tracking calls, as paths on offers. */
const TRACKING_PATH = /^\/(offers\/[^/]+\/(copy|referral-click)|analytics)\/?$/;

/** The request's body as text, at most `limit` bytes (413 past it). */
function readBody(req: Request, limit: number): Promise<string> {
  if (!hasBody(req)) return Promise.resolve('');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        // the rest is read and dropped once the answer is out
        req.resume();
        return reject(new HttpError(413, 'Request body is too large'));
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
    // the client went away before the end (after it, this changes nothing)
    req.once('close', () => {
      if (!req.complete) reject(new HttpError(400, 'Request aborted'));
    });
  });
}

export interface TrackingCallsDeps extends SessionDeps {
  batches: TrackingBatches;
}

/**
 * SPEC §7's tracking calls (`POST /api/offers/:id/copy`, `/referral-click`, `/api/analytics`), mounted under /api
 * before everything that has nothing to do for them: the body rules and the session as for any call, then the body
 * (at most 1 kB) and the caller's signed identity join the next batch to offers (decision 006), and the client gets
 * offers' answer to its call, as if it had been passed on alone. The query string, which offers ignores, stays here.
 */
export function trackingCalls(deps: TrackingCallsDeps): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'POST') return next();
    const url = req.originalUrl;
    const queryAt = url.indexOf('?');
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const route = pathname.startsWith('/api/') ? findRoute(pathname.slice(5)) : null;
    if (route?.service !== 'offers' || !TRACKING_PATH.test(route.path)) return next();
    bodyLimitFor(req, route.upload);
    const { caller } = await resolveSession(deps, req, res);
    await relay(deps, req, res, route.path, caller);
  };
}

async function relay(
  deps: TrackingCallsDeps,
  req: Request,
  res: Response,
  path: string,
  caller: Caller,
): Promise<void> {
  const body = await readBody(req, TRACKING_BODY_LIMIT);
  const signed = signIdentity(caller, deps.internalSecret);
  const answer = await deps.batches.submit({
    path,
    identity: signed[IDENTITY_HEADER],
    signature: signed[SIGNATURE_HEADER],
    requestId: String(res.getHeader('x-request-id') ?? ''),
    body,
  });
  if (answer.headers) res.set(answer.headers);
  res.status(answer.status).json(answer.body);
}
