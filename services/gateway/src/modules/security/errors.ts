import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError, errorBody, errorHandler } from '@tullab/http';
import type { Logger } from '@tullab/log';

/**
 * The shared error handler, after turning the 4xx errors Express and its helpers raise on bad input (a malformed
 * URL, say) into HttpErrors, so bad input is never answered with 500.
 */
export function gatewayErrorHandler(log: Logger): ErrorRequestHandler {
  const handle = errorHandler(log);
  return (err, req, res, next) => {
    const { status, statusCode } = (err ?? {}) as { status?: unknown; statusCode?: unknown };
    const code =
      typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : undefined;
    const clientError = !(err instanceof HttpError) && code !== undefined && code >= 400 && code < 500;
    handle(
      clientError ? new HttpError(code, code === 404 ? 'Not found' : 'Bad request') : err,
      req,
      res,
      next,
    );
  };
}

/** The last handler: `{ message: 'Not found', code: 'not_found' }` for what no app file, page or API route answered. */
export const notFoundJson: RequestHandler = (_req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.status(404).json(errorBody('Not found', 'not_found'));
};
