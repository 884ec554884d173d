import { randomBytes } from 'node:crypto';

/** How long a shopper's session lasts without a visit. */
const IDLE_MS = 60 * 60 * 1000;

/**
 * The cookie's name. Browsers keep cookies per host, not per port, so on http://localhost this shop shares the jar
 * with Tullab's own pages (http://localhost:8080 under `npm start`): a name of its own keeps the two apart.
 */
export const SESSION_COOKIE = 'brand_store_session';

/** One cookie's value from a Cookie header. */
function readCookie(header, name) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * A small in-memory session per shopper: `req.session` is a plain object kept under a random id, and the id is all the
 * cookie holds (a browser-session cookie: HttpOnly, SameSite=Lax, Secure on https). What the flow keeps there (the PKCE verifier, `state` and
 * `nonce`; then the redemption) never reaches the browser. A real shop keeps sessions in its own store (Redis, its
 * database) so that they survive a restart and are shared by its servers; the Tullab part is the same.
 *
 * @param {{ secure: boolean }} options
 * @returns {import('express').RequestHandler}
 */
export function sessions({ secure }) {
  /** @type {Map<string, { data: Record<string, unknown>, seen: number }>} */
  const store = new Map();

  const forget = (now) => {
    for (const [id, entry] of store) if (now - entry.seen > IDLE_MS) store.delete(id);
  };

  return (req, res, next) => {
    const now = Date.now();
    forget(now);
    let id = readCookie(req.headers.cookie, SESSION_COOKIE);
    let entry = id ? store.get(id) : undefined;
    if (!entry) {
      id = randomBytes(32).toString('base64url');
      entry = { data: {}, seen: now };
      store.set(id, entry);
      res.cookie(SESSION_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
    }
    entry.seen = now;
    req.session = entry.data;
    next();
  };
}
