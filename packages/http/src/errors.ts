import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from './logger';

export type FieldErrors = Record<string, string>;

/** Thrown anywhere below a route; the error handler turns it into `{ message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 429 with `Retry-After` in whole seconds (at least 1). */
export function tooManyRequests(retryAfterSeconds: number, message: string): HttpError {
  return new HttpError(429, message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/** One message per field (the first), keyed by the dotted path; `message` repeats the first field's text. */
export function zodFieldErrors(error: ZodError): { message: string; errors: FieldErrors } {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    errors[field] ??= issue.message;
  }
  return { message: error.issues[0]?.message ?? 'Invalid input', errors };
}

/** Express body-parser errors carry a `type` and a `status`. */
const bodyParserErrors: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'Malformed JSON body'],
  'entity.too.large': [413, 'Request body is too large'],
  'encoding.unsupported': [415, 'Unsupported content encoding'],
  'charset.unsupported': [415, 'Unsupported charset'],
};

export const UNAVAILABLE_MESSAGE = 'Tullab is briefly unavailable. Please try again in a few seconds.';

/** Connection-level error codes: the server is unreachable, restarting or refusing connections. */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  // PostgreSQL: connection exceptions (class 08) and operator intervention (57P01-57P03)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);
const OUTAGE_MESSAGES = [
  /Connection terminated/i,
  /Timeout acquiring a connection/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /Client has encountered a connection error/i,
  // ioredis while Redis is down
  /Connection is closed/i,
  /Stream isn't writeable/i,
  /Reached the max retries per request/i,
];

/**
 * True when `err` (or what it wraps) says PostgreSQL or Redis cannot be reached right now: the request may succeed
 * in a few seconds, so it is answered 503 with Retry-After rather than 500 (the outage is logged, not hidden).
 */
export function isOutage(err: unknown): boolean {
  for (let current = err, depth = 0; current && depth < 4; depth += 1) {
    const { code, message, name, cause, previous } = current as {
      code?: unknown;
      message?: unknown;
      name?: unknown;
      cause?: unknown;
      previous?: unknown;
    };
    if (typeof code === 'string' && OUTAGE_CODES.has(code)) return true;
    if (name === 'KnexTimeoutError' || name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && OUTAGE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = previous ?? cause;
  }
  return false;
}

/** The answer an error becomes: its status, `{ message, errors? }` body and headers (a 500 for anything unknown). */
export function errorAnswer(err: unknown): {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
} {
  if (err instanceof HttpError) {
    return {
      status: err.status,
      body: { message: err.message, ...(err.errors && { errors: err.errors }) },
      headers: err.headers,
    };
  }
  if (err instanceof ZodError) return { status: 400, body: zodFieldErrors(err) };
  const named = err as { name?: string; type?: string; constructor?: { name?: string } };
  const bodyError = named.type ? bodyParserErrors[named.type] : undefined;
  if (bodyError)
    return { status: bodyError[0], body: { message: bodyError[1], errors: { body: bodyError[1] } } };
  // MikroORM errors, matched by class name so this package needs no ORM dependency.
  const kind = named.constructor?.name;
  if (kind === 'NotFoundError') return { status: 404, body: { message: 'Not found' } };
  if (kind === 'UniqueConstraintViolationException')
    return { status: 409, body: { message: 'Already exists' } };
  if (isOutage(err))
    return { status: 503, body: { message: UNAVAILABLE_MESSAGE }, headers: { 'Retry-After': '5' } };
  return { status: 500, body: { message: 'Something went wrong' } };
}

/**
 * Answers an error as `{ message, errors? }` and logs it under the request's id. The request's own log line
 * (`requestLog`) has its method and path; they are not repeated here, nor is the query string, which may name
 * a person (S34).
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const { status, body, headers } = errorAnswer(err);
    const context = { reqId: req.id, status };
    if (status >= 500) log.error({ ...context, err }, 'request failed');
    else log.warn({ ...context, message: body.message }, 'request refused');
    if (res.headersSent) return res.end();
    if (headers) res.set(headers);
    res.status(status).json(body);
  };
}

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found' });
};
