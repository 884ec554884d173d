import type { Request, RequestHandler } from 'express';

/**
 * Holds the answer to every call that may have changed something (any method but GET and HEAD) until `ready()`
 * resolves, e.g. until the service's committed changes have been broadcast to the gateways (decision 005): whoever
 * gets the answer can count on every replica having heard of the change. `skip` exempts calls that need no wait.
 */
export function answerAfter(ready: () => Promise<void>, skip?: (req: Request) => boolean): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || skip?.(req)) return next();
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.end = ((...args: unknown[]) => {
      void ready().then(() => end(...args));
      return res;
    }) as typeof res.end;
    next();
  };
}
