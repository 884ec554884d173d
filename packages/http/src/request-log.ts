import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from './logger';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const PROBES = new Set(['/healthz', '/readyz', '/api/healthz', '/api/readyz']);

/** Takes a well-formed `x-request-id` or makes one, echoes it, and logs each request as one JSON line with `reqId`. */
export function requestLog(log: Logger): RequestHandler {
  return pinoHttp({
    logger: log,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    // probes (the services' and the gateway's /api ones) would drown everything else
    autoLogging: { ignore: (req) => PROBES.has((req.url ?? '').split('?')[0]) },
  });
}
