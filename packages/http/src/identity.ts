import type { RequestHandler } from 'express';
import { digestsEqual, hmacHex } from './crypto';
import { HttpError } from './errors';

export const IDENTITY_HEADER = 'x-tullab-identity';
export const SIGNATURE_HEADER = 'x-tullab-signature';

export type Role = 'student' | 'staff' | 'admin';

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
  /** seconds since the epoch; the header is refused after it */
  exp: number;
}

export type Caller = Omit<Identity, 'exp'>;

declare module 'express-serve-static-core' {
  interface Request {
    identity: Identity;
  }
}

const IDENTITY_TTL_SECONDS = 60;

export function signIdentity(caller: Caller, secret: string, now = Date.now()): Record<string, string> {
  const identity: Identity = { ...caller, exp: Math.floor(now / 1000) + IDENTITY_TTL_SECONDS };
  const value = Buffer.from(JSON.stringify(identity)).toString('base64url');
  return { [IDENTITY_HEADER]: value, [SIGNATURE_HEADER]: hmacHex(secret, value) };
}

export function verifyIdentity(
  value: string | undefined,
  signature: string | undefined,
  secret: string,
  now = Date.now(),
): Identity | null {
  if (!value || !signature || !digestsEqual(signature, hmacHex(secret, value))) return null;
  try {
    const identity = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Identity;
    return typeof identity.exp === 'number' && identity.exp * 1000 > now ? identity : null;
  } catch {
    return null;
  }
}

/** Every service route sits behind this: unsigned or stale identity → 401 (ARCHITECTURE "Trust boundaries"). */
export function requireSignedIdentity(secret: string): RequestHandler {
  return (req, _res, next) => {
    const identity = verifyIdentity(req.get(IDENTITY_HEADER), req.get(SIGNATURE_HEADER), secret);
    if (!identity) throw new HttpError(401, 'Unauthorized');
    req.identity = identity;
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.identity?.userId) throw new HttpError(401, 'Not authenticated');
  next();
};

export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.identity?.userId) throw new HttpError(401, 'Not authenticated');
    if (!req.identity.role || !roles.includes(req.identity.role)) throw new HttpError(403, 'Forbidden');
    next();
  };
}
