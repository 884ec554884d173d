import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RequestHandler } from 'express';
import fresh from 'fresh';
import { CATALOGUE_KEPT_UNTIL_HEADER, type BroadcastListener } from '@tullab/events';
import { signIdentity, type Logger } from '@tullab/http';
import { visitor } from '../sessions/caller';
import type { Upstreams } from '../proxy/upstreams';
import { acceptedEncodings } from '../static/encodings';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const FETCH_TIMEOUT_MS = 10_000;

/** The catalogue as offers last answered it, with each encoding made once. */
export interface CachedCatalogue {
  etag: string;
  cacheControl: string;
  until: number;
  bodies: { br: Buffer; gzip: Buffer; identity: Buffer };
}

export interface CatalogueDeps {
  upstreams: Upstreams;
  internalSecret: string;
  log: Logger;
}

/**
 * The public catalogue (`GET /api/offers`, no query) answered from the gateway's memory, compressed once per version
 * (decision 005). Offers says how long a copy stays right (`x-tullab-catalogue-kept-until`) and broadcasts every
 * change; a change, or a lost subscription, drops the copy. While the subscription is down nothing is kept and every
 * request goes to offers as any other call does.
 */
export class CatalogueCache implements BroadcastListener {
  private current: CachedCatalogue | null = null;
  private filling: Promise<CachedCatalogue | null> | null = null;
  private generation = 0;
  private subscribed = false;

  constructor(private readonly deps: CatalogueDeps) {}

  onMessage(): void {
    this.drop();
  }

  onSubscribed(subscribed: boolean): void {
    this.subscribed = subscribed;
    this.drop();
  }

  /** The copy, if one is kept right now (the fast path's question: no waiting). */
  peek(): CachedCatalogue | null {
    return this.current && Date.now() < this.current.until ? this.current : null;
  }

  /** Answers `GET|HEAD /api/offers` from the copy, fetching it first; without one the call goes on to the proxy. */
  readonly route: RequestHandler = async (req, res, next) => {
    if (!this.subscribed || !isCatalogueCall(req.method, req.originalUrl)) return next();
    const catalogue = await this.get();
    if (!catalogue) return next();
    sendCatalogue(req, res, catalogue);
  };

  private drop(): void {
    this.generation += 1;
    this.current = null;
    this.filling = null;
  }

  private get(): Promise<CachedCatalogue | null> {
    const current = this.peek();
    if (current) return Promise.resolve(current);
    this.filling ??= this.fill(this.generation);
    return this.filling;
  }

  private async fill(generation: number): Promise<CachedCatalogue | null> {
    try {
      const { offers } = this.deps.upstreams.services;
      const answer = await this.deps.upstreams.callBuffered(offers, {
        method: 'GET',
        path: '/offers',
        headers: signIdentity(visitor(''), this.deps.internalSecret, 'offers'),
        timeoutMs: FETCH_TIMEOUT_MS,
      });
      const until = Number(answer.headers[CATALOGUE_KEPT_UNTIL_HEADER]);
      const etag = answer.headers.etag;
      if (answer.status !== 200 || !etag || !(until > Date.now())) return null;
      const identity = answer.body;
      const [br, gzip] = await Promise.all([
        brotli(identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
        gzipped(identity, { level: 9 }),
      ]);
      const catalogue = {
        etag,
        cacheControl: String(answer.headers['cache-control'] ?? 'no-cache'),
        until,
        bodies: { br, gzip, identity },
      };
      if (generation !== this.generation) return null;
      this.current = catalogue;
      return catalogue;
    } catch (err) {
      this.deps.log.warn({ err: (err as Error).message }, 'catalogue not cached; passing the call on');
      return null;
    } finally {
      if (generation === this.generation) this.filling = null;
    }
  }
}

/** Whether a call is one the copy answers: `GET|HEAD /api/offers`, no query (`url` as the client sent it). */
export function isCatalogueCall(method: string | undefined, url: string | undefined): boolean {
  return (method === 'GET' || method === 'HEAD') && url === '/api/offers';
}

/** The kept catalogue as the client takes it: 304 for its ETag, else the best encoding it accepts, made once. */
export function sendCatalogue(req: IncomingMessage, res: ServerResponse, catalogue: CachedCatalogue): void {
  res.setHeader('ETag', catalogue.etag);
  res.setHeader('Cache-Control', catalogue.cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  if (fresh(req.headers, { etag: catalogue.etag })) {
    res.statusCode = 304;
    return void res.end();
  }
  const encoding = acceptedEncodings(req.headers['accept-encoding']).at(0)?.name ?? 'identity';
  const body = catalogue.bodies[encoding];
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}
