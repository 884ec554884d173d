import type { RequestHandler } from 'express';
import { IDENTITY_HEADER, SIGNATURE_HEADER } from '@tullab/contracts';
import { digestsEqual, hmacHex } from './crypto';
import { HttpError } from './errors';

export type Role = 'student' | 'staff' | 'admin' | 'merchant';

/** The services behind the gateway. An identity header names the one it is for, its audience; the others refuse it. */
export type Audience = 'identity' | 'verification' | 'offers' | 'notifications';

/** Who is calling, as resolved by the gateway from the session cookie. `userId: null` for visitors. */
export interface Identity {
  userId: string | null;
  role: Role | null;
  verificationStatus: string;
  sessionId: string | null;
  ip: string;
  /** the signed-in user's own e-mail and first name (SPEC: `personalEmail` comes from the session, S29) */
  email?: string;
  firstName?: string;
  /** a merchant's brand (decision 016): every merchant route answers for this brand only */
  brandId?: string;
  /**
   * a brand's server, authenticated by the gateway with its app's client id and secret (issue 30): the app and its
   * mode; `brandId` is the app's brand
   */
  app?: BrandAppCaller;
  /** seconds since the epoch; the header is refused after it */
  exp: number;
}

export type Caller = Omit<Identity, 'exp'>;

/** The brand app a brand's server called with (`Identity.app`). */
export interface BrandAppCaller {
  id: string;
  mode: 'test' | 'live';
}

/** What the header carries: the identity and its audience (`aud`), which a service checks and drops. */
interface Claims extends Identity {
  aud: Audience;
}

declare module 'express-serve-static-core' {
  interface Request {
    identity: Identity;
  }
}

const IDENTITY_TTL_SECONDS = 60;

/** The signed identity headers of `caller` for one service, `audience`, valid for a minute. */
export function signIdentity(
  caller: Caller,
  secret: string,
  audience: Audience,
  now = Date.now(),
): Record<string, string> {
  const claims: Claims = { ...caller, aud: audience, exp: Math.floor(now / 1000) + IDENTITY_TTL_SECONDS };
  const value = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { [IDENTITY_HEADER]: value, [SIGNATURE_HEADER]: hmacHex(secret, value) };
}

/** The identity of a header signed with `secret` for `audience` and not yet expired; null for anything else. */
export function verifyIdentity(
  value: string | undefined,
  signature: string | undefined,
  secret: string,
  audience: Audience,
  now = Date.now(),
): Identity | null {
  if (!value || !signature || !digestsEqual(signature, hmacHex(secret, value))) return null;
  try {
    const { aud, ...identity } = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Claims;
    return aud === audience && typeof identity.exp === 'number' && identity.exp * 1000 > now
      ? identity
      : null;
  } catch {
    return null;
  }
}

/**
 * Every service route sits behind this: an unsigned or stale identity, or one for another service, → 401
 * (ARCHITECTURE "Trust boundaries"; a header seen by one service cannot be replayed to another).
 */
export function requireSignedIdentity(secret: string, audience: Audience): RequestHandler {
  return (req, _res, next) => {
    const identity = verifyIdentity(req.get(IDENTITY_HEADER), req.get(SIGNATURE_HEADER), secret, audience);
    if (!identity) throw new HttpError(401, 'Unauthorized');
    req.identity = identity;
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.identity?.userId) throw new HttpError(401, 'Not authenticated');
  next();
};

/**
 * A merchant's routes (decision 016): only a merchant with a brand gets past; the handler scopes every read and write
 * to `brandOf(req)`, so another brand's offer, report or proposal is a 404, as if it did not exist.
 */
export const requireMerchant: RequestHandler = (req, _res, next) => {
  if (!req.identity?.userId) throw new HttpError(401, 'Not authenticated');
  if (req.identity.role !== 'merchant' || !req.identity.brandId) throw new HttpError(403, 'Forbidden');
  next();
};

/**
 * A brand's server, with its app's credentials (issue 30): the gateway resolved them, so without an app the call came
 * with none or wrong ones (401, with the Basic challenge a server's HTTP client expects).
 */
export const requireBrandApp: RequestHandler = (req, _res, next) => {
  if (!req.identity?.app || !req.identity.brandId)
    throw new HttpError(401, "Authenticate with your app's client id and secret", {
      headers: { 'WWW-Authenticate': 'Basic realm="Tullab", charset="UTF-8"' },
    });
  next();
};

/** The app of a brand's server, behind `requireBrandApp`. */
export function brandAppOf(req: { identity: Identity }): BrandAppCaller & { brandId: string } {
  const { app, brandId } = req.identity;
  if (!app || !brandId) throw new HttpError(401, 'Not authenticated');
  return { ...app, brandId };
}

/** The caller's brand, behind `requireMerchant`. */
export function brandOf(req: { identity: Identity }): string {
  const { brandId } = req.identity;
  if (!brandId) throw new HttpError(403, 'Forbidden');
  return brandId;
}

export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.identity?.userId) throw new HttpError(401, 'Not authenticated');
    if (!req.identity.role || !roles.includes(req.identity.role)) throw new HttpError(403, 'Forbidden');
    next();
  };
}
