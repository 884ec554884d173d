import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { Config } from '../../config';

export const serviceNames = ['identity', 'verification', 'offers', 'notifications'] as const;
export type ServiceName = (typeof serviceNames)[number];

export interface Upstream {
  name: ServiceName;
  /** 'Offers', as in 'Offers service unavailable' */
  label: string;
  url: URL;
}

/** Why a call to a service produced no answer. */
export class UpstreamError extends Error {
  constructor(
    readonly upstream: Upstream,
    readonly kind: 'unreachable' | 'timeout',
    override readonly cause?: unknown,
  ) {
    super(`${upstream.name} ${kind === 'timeout' ? 'did not answer in time' : 'unreachable'}`);
  }
}

/** A small buffered call to a service. */
export interface JsonCall {
  method: string;
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: unknown;
  timeoutMs: number;
}

export interface JsonAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface BufferedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The most a buffered call takes in: the catalogue of 5,000 offers is about 4 MB. */
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;

const agentOptions = {
  keepAlive: true,
  keepAliveMsecs: 1000,
  maxFreeSockets: 64,
  // Idle pooled sockets are closed after 30 s, well before the services' 65 s keep-alive timeout.
  timeout: 30_000,
  scheduling: 'lifo' as const,
};

/**
 * The four services behind the gateway and one keep-alive connection pool to them, shared by the forwarder, the
 * session resolution and the readiness checks, so a per-request session check costs no new TCP connection.
 */
export class Upstreams {
  readonly services: Record<ServiceName, Upstream>;
  private readonly httpAgent = new http.Agent(agentOptions);
  private readonly httpsAgent = new https.Agent(agentOptions);

  constructor(
    config: Pick<Config, 'IDENTITY_URL' | 'VERIFICATION_URL' | 'OFFERS_URL' | 'NOTIFICATIONS_URL'>,
  ) {
    const make = (name: ServiceName, url: string): Upstream => ({
      name,
      label: name[0].toUpperCase() + name.slice(1),
      url: new URL(url),
    });
    this.services = {
      identity: make('identity', config.IDENTITY_URL),
      verification: make('verification', config.VERIFICATION_URL),
      offers: make('offers', config.OFFERS_URL),
      notifications: make('notifications', config.NOTIFICATIONS_URL),
    };
  }

  /** Starts a request to `path` (which begins with '/' and may carry a query string) on the service. */
  request(
    upstream: Upstream,
    method: string,
    path: string,
    headers: OutgoingHttpHeaders,
  ): http.ClientRequest {
    const { url } = upstream;
    const secure = url.protocol === 'https:';
    const base = url.pathname.replace(/\/+$/, '');
    return (secure ? https : http).request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || (secure ? 443 : 80),
      method,
      path: base + path,
      headers,
      agent: secure ? this.httpsAgent : this.httpAgent,
    });
  }

  /**
   * A small buffered JSON call (session resolution, readiness): the answer's body parsed as JSON when it is JSON.
   */
  async callJson(upstream: Upstream, options: JsonCall): Promise<JsonAnswer> {
    const answer = await this.callBuffered(upstream, options);
    const text = answer.body.toString('utf8');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: callers look at the status
    }
    return { ...answer, body };
  }

  /**
   * A small buffered call (at most 32 MB answered). Retries once when a pooled connection turns out to have been
   * closed by the service, which is safe because nothing was answered.
   */
  async callBuffered(upstream: Upstream, options: JsonCall): Promise<BufferedAnswer> {
    try {
      return await this.callOnce(upstream, options);
    } catch (err) {
      if (err instanceof StaleSocketError) return this.callOnce(upstream, options);
      throw err;
    }
  }

  private callOnce(upstream: Upstream, options: JsonCall): Promise<BufferedAnswer> {
    return new Promise((resolve, reject) => {
      const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
      const headers: OutgoingHttpHeaders = { accept: 'application/json', ...options.headers };
      if (payload)
        Object.assign(headers, { 'content-type': 'application/json', 'content-length': payload.length });
      const req = this.request(upstream, options.method, options.path, headers);
      let settled = false;
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        reject(err);
      };
      const timer = setTimeout(() => fail(new UpstreamError(upstream, 'timeout')), options.timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) => {
        const stale = req.reusedSocket && err.code === 'ECONNRESET' && !settled;
        fail(stale ? new StaleSocketError() : new UpstreamError(upstream, 'unreachable', err));
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BUFFERED_BYTES)
            return fail(new UpstreamError(upstream, 'unreachable', new Error('answer too large')));
          chunks.push(chunk);
        });
        res.on('error', (err) => fail(new UpstreamError(upstream, 'unreachable', err)));
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        });
      });
      req.end(payload);
    });
  }

  /** Closes pooled connections (shutdown). */
  destroy(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

class StaleSocketError extends Error {}
