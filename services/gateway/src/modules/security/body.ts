import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { HttpError, errorBody } from '@tullab/http';
import { findRoute } from '../upstreams/routes';

/** JSON bodies: express.json's default `100kb`, i.e. 102,400 bytes (S27). */
export const JSON_LIMIT = 100 * 1024;
/** Multipart uploads: a 5 MiB file (S22) plus the form's other fields. */
export const MULTIPART_LIMIT = 5.5 * 1024 * 1024;
/** How long a client may take to send a request body (S27): 30 s, 120 s on the upload routes. */
export const BODY_DEADLINE_MS = 30_000;
export const UPLOAD_BODY_DEADLINE_MS = 120_000;

/** Whether the request announces a body (a positive Content-Length, or chunked transfer). */
export function hasBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && Number(length) > 0;
}

/** The request's media type, lower case, without parameters ('' when it names none). */
export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * The body rules for a forwarded non-safe call (S10, S27): JSON only (multipart/form-data as well on the upload
 * routes), at most JSON_LIMIT / MULTIPART_LIMIT bytes. Returns the limit to count streamed bytes against, or null
 * when there is no body to pass on. Throws 415 / 413.
 */
export function bodyLimitFor(req: Request, upload: boolean): number | null {
  if (!hasBody(req)) return null;
  const type = mediaType(req);
  const multipart =
    upload && type === 'multipart/form-data' && /;\s*boundary=/i.test(req.headers['content-type'] ?? '');
  if (type !== 'application/json' && !multipart) throw new HttpError(415, 'Unsupported content type');
  const limit = multipart ? MULTIPART_LIMIT : JSON_LIMIT;
  const length = req.headers['content-length'];
  if (length !== undefined && Number(length) > limit) throw new HttpError(413, 'Request body is too large');
  return limit;
}

/**
 * Slow-loris guard (S27): a request body must be in within 30 s (120 s on the upload routes, for which the server's
 * own requestTimeout is raised). Late clients get 408 and lose the connection.
 */
export function bodyDeadline(
  limits: { bodyMs: number; uploadMs: number } = {
    bodyMs: BODY_DEADLINE_MS,
    uploadMs: UPLOAD_BODY_DEADLINE_MS,
  },
): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const upload = findRoute(req.path, req.method)?.upload === true;
    const timer = setTimeout(
      () => {
        if (req.complete) return;
        if (!res.headersSent) {
          res.status(408).set('Connection', 'close').json(errorBody('Request timeout', 'request_timeout'));
          res.once('finish', () => req.socket.destroy());
        } else {
          req.socket.destroy();
        }
      },
      upload ? limits.uploadMs : limits.bodyMs,
    );
    const clear = () => clearTimeout(timer);
    req.once('end', clear);
    res.once('close', clear);
    next();
  };
}
