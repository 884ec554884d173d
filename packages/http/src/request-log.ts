import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { apiPath, gatewayOwn, serviceProbes } from '@tullab/contracts';
import type { Logger } from '@tullab/log';

declare module 'http' {
  interface IncomingMessage {
    /** the request id {@link requestLog} gave the request */
    id: string;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** The probes, a service's and the gateway's, whose answers are logged at debug level only. */
const PROBES = new Set([
  ...Object.values(serviceProbes).map((route) => route.path),
  ...[gatewayOwn.routes.liveness, gatewayOwn.routes.readiness].map((route) => apiPath(route)),
]);

/** A well-formed `x-request-id` from the caller (the gateway passes its own on), or a new one. */
export function requestIdFor(given: string | string[] | undefined): string {
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * A URL as logs show it: its path, never its query string. The query strings the services read are the console's
 * list filters, and a staff search names a person (`filter={"q":"layla@…"}`): personal data stays out of logs (S34).
 */
export function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt < 0 ? url : url.slice(0, queryAt);
}

/** Where an answer's log line goes: a refusal is a warning, a failure an error, a success only for debugging. */
export function levelFor(status: number): 'error' | 'warn' | 'debug' {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'debug';
}

/** The one log line of an answer, with the path alone (`finished` false: the client left before it was sent). */
export function logAnswer(
  log: Logger,
  call: { id: string; method: string | undefined; url: string | undefined; status: number; started: number },
  finished = true,
): void {
  const level = finished ? levelFor(call.status) : 'info';
  if (!log.isLevelEnabled(level)) return;
  log[level](
    {
      req: { id: call.id, method: call.method, url: call.url && pathOf(call.url) },
      res: { statusCode: call.status },
      responseTime: Math.round(performance.now() - call.started),
    },
    finished ? 'request completed' : 'request aborted',
  );
}

/** The request's id as the request log took it from `x-request-id` (or made it): carried into outbox events and audit rows. */
export function requestIdOf(req: Request): string | null {
  return typeof req.id === 'string' ? req.id : null;
}

/**
 * Takes a well-formed `x-request-id` or makes one (`req.id`, echoed in the answer) and logs each answer as one JSON
 * line with the id, method, path (never the query string), status and time taken. Successes are logged at debug
 * only: at info they cost more than the request on the hot paths (issue "Fast path") and say nothing an operator acts
 * on; refusals (4xx) are warnings and failures (5xx) errors, as before. Probes are not logged.
 */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const id = requestIdFor(req.headers['x-request-id']);
    req.id = id;
    res.setHeader('x-request-id', id);
    const url = req.originalUrl ?? req.url;
    if (PROBES.has(pathOf(url))) return next();
    const started = performance.now();
    res.once('close', () =>
      logAnswer(log, { id, method: req.method, url, status: res.statusCode, started }, res.writableFinished),
    );
    next();
  };
}
