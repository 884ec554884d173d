import { isOfferRuleKey, ruleText, type ErrorAnswer, type ErrorCode } from '@tullab/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from '@tullab/log';

export type FieldErrors = Record<string, string>;

export interface HttpErrorOptions {
  /** what a client tells this error apart by; when absent, `validation_failed` for a 400 naming fields, else the
   * status's default (`codeForStatus`) */
  code?: ErrorCode;
  /** one message per refused field */
  errors?: FieldErrors;
  /** the message key of a refused field's rule, where it has one (docs/errors.md "Field errors") */
  keys?: FieldErrors;
  headers?: Record<string, string>;
}

const codesByStatus: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  502: 'bad_gateway',
  503: 'unavailable',
  504: 'gateway_timeout',
};

/** The code of an answer that names none: by its status, `invalid_request` or `internal` for any other 4xx or 5xx. */
export function codeForStatus(status: number): ErrorCode {
  return codesByStatus[status] ?? (status < 500 ? 'invalid_request' : 'internal');
}

/** Thrown anywhere below a route; the error handler turns it into `{ message, code, errors? }`. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;
  readonly keys?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(
    readonly status: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.code =
      options.code ?? (status === 400 && options.errors ? 'validation_failed' : codeForStatus(status));
    this.errors = options.errors;
    this.keys = options.keys;
    this.headers = options.headers;
  }
}

/** 429 with `Retry-After` in whole seconds (at least 1). */
export function tooManyRequests(
  retryAfterSeconds: number,
  message: string,
  code: ErrorCode = 'rate_limited',
): HttpError {
  return new HttpError(429, message, {
    code,
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

/** An error answer's body as the handlers send it. */
export function errorBody(
  message: string,
  code: ErrorCode,
  errors?: FieldErrors,
  keys?: FieldErrors,
): ErrorAnswer {
  return { message, code, ...(errors && { errors }), ...(keys && Object.keys(keys).length > 0 && { keys }) };
}

/**
 * One message per field (the first), keyed by the dotted path; `message` repeats the first field's text. A rule's
 * message key (`offerRules:titleTooShort`) becomes its English text, and the key goes in `keys`.
 */
export function zodFieldErrors(error: ZodError): { message: string; errors: FieldErrors; keys: FieldErrors } {
  const errors: FieldErrors = {};
  const keys: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    if (field in errors) continue;
    errors[field] = ruleText(issue.message);
    if (isOfferRuleKey(issue.message)) keys[field] = issue.message;
  }
  const first = error.issues[0]?.message;
  return { message: first ? ruleText(first) : 'Invalid input', errors, keys };
}

/** Express body-parser errors carry a `type` and a `status`. */
const bodyParserErrors: Record<string, [number, string, ErrorCode]> = {
  'entity.parse.failed': [400, 'Malformed JSON body', 'malformed_body'],
  'entity.too.large': [413, 'Request body is too large', 'payload_too_large'],
  'encoding.unsupported': [415, 'Unsupported content encoding', 'unsupported_media_type'],
  'charset.unsupported': [415, 'Unsupported charset', 'unsupported_media_type'],
};

const MALFORMED_BODY = 'Malformed request body';

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
  // knex, for a query of a transaction it already rolled back because its connection was lost mid-transaction (the
  // PostgreSQL restart of npm run test:faults answered one POST /students/verify 500 with it)
  /Transaction query already complete/i,
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

/** The answer an error becomes: its status, `{ message, code, errors? }` body and headers (a 500 for anything unknown). */
export function errorAnswer(err: unknown): {
  status: number;
  body: ErrorAnswer;
  headers?: Record<string, string>;
} {
  if (err instanceof HttpError)
    return {
      status: err.status,
      body: errorBody(err.message, err.code, err.errors, err.keys),
      headers: err.headers,
    };
  if (err instanceof ZodError) {
    const { message, errors, keys } = zodFieldErrors(err);
    return { status: 400, body: errorBody(message, 'validation_failed', errors, keys) };
  }
  const named = err as {
    name?: string;
    type?: string;
    status?: unknown;
    expose?: unknown;
    constructor?: { name?: string };
  };
  const bodyError = named.type ? bodyParserErrors[named.type] : undefined;
  if (bodyError) {
    const [status, message, code] = bodyError;
    return { status, body: errorBody(message, code, { body: message }) };
  }
  // the body parser's other refusals of a body, as it marks them (400, exposed): zlib's error for a body sent as
  // gzip or deflate that does not inflate (T28's fuzz found it a 500)
  if (named.status === 400 && named.expose === true && !named.type)
    return { status: 400, body: errorBody(MALFORMED_BODY, 'malformed_body', { body: MALFORMED_BODY }) };
  // MikroORM errors, matched by class name so this package needs no ORM dependency.
  const kind = named.constructor?.name;
  if (kind === 'NotFoundError') return { status: 404, body: errorBody('Not found', 'not_found') };
  if (kind === 'UniqueConstraintViolationException')
    return { status: 409, body: errorBody('Already exists', 'conflict') };
  if (isOutage(err))
    return {
      status: 503,
      body: errorBody(UNAVAILABLE_MESSAGE, 'unavailable'),
      headers: { 'Retry-After': '5' },
    };
  return { status: 500, body: errorBody('Something went wrong', 'internal') };
}

/**
 * Answers an error as `{ message, code, errors? }` and logs it under the request's id. The request's own log line
 * (`requestLog`) has its method and path; they are not repeated here, nor is the query string, which may name
 * a person (S34).
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const { status, body, headers } = errorAnswer(err);
    const context = { reqId: req.id, status };
    if (status >= 500) log.error({ ...context, err }, 'request failed');
    else log.warn({ ...context, code: body.code, message: body.message }, 'request refused');
    if (res.headersSent) return res.end();
    if (headers) res.set(headers);
    res.status(status).json(body);
  };
}

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json(errorBody('Not found', 'not_found'));
};
