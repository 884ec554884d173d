import type { RequestHandler } from 'express';
import { HttpError, tooManyRequests, type Identity } from '@tullab/http';
import { type RateLimiter } from '@tullab/rate-limits';

/** A student whose verification is `active`; the gateway already reports a lapsed verification as `expired`. */
export const isActiveStudent = (caller: Identity) =>
  caller.role === 'student' && caller.verificationStatus === 'active';

/** Only an active student may redeem (SPEC §6, S32): visitors get 401, everyone else 403. */
export const requireActiveStudent: RequestHandler = (req, _res, next) => {
  if (!req.identity?.userId) throw new HttpError(401, 'Please sign in to redeem offers');
  if (!isActiveStudent(req.identity))
    throw new HttpError(403, 'Please verify your student status to redeem offers', { code: 'not_verified' });
  next();
};

/** Counts one call against `key`; over `limit` per `windowSeconds` → 429 with Retry-After. */
export async function withinRate(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowSeconds: number,
  message: string,
): Promise<void> {
  const rate = await limiter.hit(key, limit, windowSeconds);
  if (!rate.allowed) throw tooManyRequests(rate.retryAfter, message);
}

/**
 * Checks a route's `:id` with `idOf` (an id that is not one names nothing: 404, as an unknown one) ahead of the
 * body bindRoute parses (its `before`), so a malformed id is a 404 whatever the body says, as it always was.
 */
export const idFirst =
  (idOf: (params: unknown) => string): RequestHandler =>
  (req, _res, next) => {
    idOf(req.params);
    next();
  };
