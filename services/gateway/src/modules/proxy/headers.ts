import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { Request } from 'express';
import { CONNECT_COOKIE_PREFIX } from '@tullab/contracts';

/** Hop-by-hop headers (RFC 9110 §7.6.1) and their pre-standard relatives: never passed on in either direction. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Request headers the services never see from the client: the internal ones (the gateway writes its own), the
 * cookies (the gateway resolved them), credentials and forwarding claims a client could forge, and `expect`
 * (Node has already answered `100-continue`).
 */
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'cookie',
  'authorization',
  'expect',
  'forwarded',
  'x-real-ip',
  'x-request-id',
  'content-length',
]);

/** Response headers that stop here: cookies are the gateway's alone (decision 001). */
const DROPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'x-powered-by']);

function connectionTokens(value: string | string[] | undefined): Set<string> {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(
    joined
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
}

function collect(rawHeaders: string[], keep: (name: string) => boolean): Record<string, string[]> {
  const headers: Record<string, string[]> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (keep(name)) (headers[name] ??= []).push(rawHeaders[i + 1]);
  }
  return headers;
}

/** What the service receives: the client's headers minus everything above, plus the signed identity and request id. */
export function upstreamRequestHeaders(
  req: Request,
  withBody: boolean,
  extra: Record<string, string>,
): OutgoingHttpHeaders {
  const nominated = connectionTokens(req.headers.connection);
  const kept = collect(
    req.rawHeaders,
    (name) =>
      !HOP_BY_HOP.has(name) &&
      !DROPPED_REQUEST_HEADERS.has(name) &&
      !nominated.has(name) &&
      !name.startsWith('x-tullab-') &&
      !name.startsWith('x-forwarded-') &&
      !name.startsWith('proxy-'),
  );
  const headers: OutgoingHttpHeaders = {};
  for (const [name, values] of Object.entries(kept)) headers[name] = values.length === 1 ? values[0] : values;
  const length = req.headers['content-length'];
  if (withBody && length !== undefined) headers['content-length'] = length;
  return Object.assign(headers, extra);
}

/** What the client receives of the service's headers: all but the hop-by-hop ones, the above and any `x-tullab-*`. */
export function answerHeaders(upstreamRes: IncomingMessage): Record<string, string[]> {
  const nominated = connectionTokens(upstreamRes.headers.connection);
  return collect(
    upstreamRes.rawHeaders,
    (name) =>
      !HOP_BY_HOP.has(name) &&
      !DROPPED_RESPONSE_HEADERS.has(name) &&
      !nominated.has(name) &&
      !name.startsWith('x-tullab-'),
  );
}

/**
 * The Set-Cookie headers of identity's OpenID Connect provider (decision 019): its own cookies, the only ones a
 * service's answer may set itself, and only on the provider's paths.
 */
export const providerSetCookies = (upstreamRes: IncomingMessage): string[] =>
  (upstreamRes.headers['set-cookie'] ?? []).filter((value) => value.startsWith(CONNECT_COOKIE_PREFIX));
