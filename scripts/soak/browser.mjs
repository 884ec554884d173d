// One person's browser as the soak plays it: the gateway's cookies, the same-origin headers a browser sends, and an
// address of its own, sent as X-Forwarded-For (the soak's stack trusts its loopback proxy, TRUST_PROXY=loopback, so
// per-address limits count per person or per campus as in production). Every call is counted in a Tally by kind.
import { performance } from 'node:perf_hooks';

const { fetch, AbortSignal } = globalThis;

/** A call the gateway has not answered within this long counts as failed (the gateway itself answers 504 at 30 s). */
const CALL_TIMEOUT_MS = 35_000;

/** Thrown to end a journey once the soak stops. */
export class Stopped extends Error {}

/** The cookies a Set-Cookie list leaves in `jar` (name → value): expired or emptied ones are removed. */
export function applySetCookies(jar, setCookies) {
  for (const line of setCookies) {
    const [pair, ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    if (at < 1) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key, val = ''] = attribute.split('=');
      const lower = key.trim().toLowerCase();
      if (lower === 'max-age') return Number(val) <= 0;
      if (lower === 'expires') return Date.parse(val) <= Date.now();
      return false;
    });
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

export class Browser {
  /**
   * `base`: where the gateway listens; `origin`: its public origin (the Origin of every non-GET call, as a browser
   * on the site sends it); `address`: this person's address; `tally`: where calls are counted; `running()`: false
   * once the soak stops (then every call throws Stopped).
   */
  constructor({ base, origin, address, tally, running }) {
    Object.assign(this, { base, origin, address, tally, running });
    this.jar = new Map();
  }

  /**
   * One call as `kind`: resolves to `{ status, headers, body }` (body parsed when JSON), or null when no answer came
   * (counted as a failure). `headers` are added to the browser's own.
   */
  async call(kind, method, path, { json, headers = {} } = {}) {
    if (!this.running()) throw new Stopped();
    const sent = {
      accept: 'application/json, text/html;q=0.9',
      'accept-encoding': 'br, gzip',
      'x-forwarded-for': this.address,
      ...headers,
    };
    if (method !== 'GET' && method !== 'HEAD') sent.origin = this.origin;
    if (json !== undefined) sent['content-type'] = 'application/json';
    if (this.jar.size) sent.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const started = performance.now();
    try {
      const res = await fetch(new URL(path, this.base), {
        method,
        headers: sent,
        body: json === undefined ? undefined : JSON.stringify(json),
        redirect: 'manual',
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const text = await res.text();
      this.tally.answered(kind, res.status, performance.now() - started);
      applySetCookies(this.jar, res.headers.getSetCookie());
      let body = text;
      if ((res.headers.get('content-type') ?? '').includes('application/json') && text) {
        try {
          body = JSON.parse(text);
        } catch {
          // kept as text
        }
      }
      return { status: res.status, headers: res.headers, body };
    } catch (err) {
      const what = err.name === 'TimeoutError' ? 'timeout' : (err.cause?.code ?? err.cause?.name ?? err.name);
      this.tally.failed(kind, what, performance.now() - started);
      return null;
    }
  }

  get(kind, path, headers) {
    return this.call(kind, 'GET', path, { headers });
  }

  post(kind, path, json) {
    return this.call(kind, 'POST', path, { json });
  }
}
