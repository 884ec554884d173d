import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolvePublic, type ResolvedAddress } from './addresses';

export interface PostOptions {
  /** the longest wait for the answer's status, connection included (WEBHOOK_TIMEOUT_MS) */
  timeoutMs: number;
  /** WEBHOOKS_ALLOW_PRIVATE_ADDRESSES */
  allowPrivate: boolean;
}

/** A lookup that answers the address already checked, so the connection goes where the check said it may. */
function pinned(resolved: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
}

/**
 * POSTs a webhook's body (issue 30 point 5) and answers the endpoint's HTTP status, whatever it is; throws when none
 * came (a refused address, DNS, the connection, TLS, or `timeoutMs` passed). The host's addresses are checked before
 * connecting and the connection is pinned to the first of them (T38). Redirects are not followed (a 3xx is not a
 * 2xx, so it is tried again), and the answer's body is not read.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<number> {
  const target = new URL(url);
  const [address] = await resolvePublic(target.hostname, options.allowPrivate);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const requestOptions: RequestOptions = {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'Tullab-Webhooks/1',
    },
    lookup: pinned(address),
    agent: false,
  };
  return new Promise<number>((resolve, reject) => {
    const req = send(target, requestOptions, (res) => {
      clearTimeout(timer);
      res.destroy();
      resolve(res.statusCode ?? 0);
    });
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)),
      options.timeoutMs,
    );
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}
