import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RequestHandler } from 'express';
import fresh from 'fresh';
import { apiPath, CATALOGUE_KEPT_UNTIL_HEADER, offers } from '@tullab/contracts';
import { type BroadcastListener } from '@tullab/broadcasts';
import { signIdentity } from '@tullab/http';
import type { Logger } from '@tullab/log';
import { visitor } from '../sessions/caller';
import type { Upstreams } from '../upstreams/upstreams';
import { acceptedEncodings } from '../encodings/encodings';

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
  /** resolves true once every catalogue broadcast sent before the call has been heard (Broadcasts.caughtUp) */
  caughtUp(): Promise<boolean>;
}

/**
 * The public catalogue (`GET /api/offers`, no query) answered from the gateway's memory, compressed once per version
 * (decision 005). Offers says how long a copy stays right (`x-tullab-catalogue-kept-until`) and broadcasts every
 * change; a change, or a lost subscription, drops the copy. The copy is used only once the broadcasts sent before
 * the request have been heard and offers' heartbeats say none is waiting to be published ({@link fresh}): a pause
 * offers has answered is then never listed (T27). While the subscription is down nothing is kept and every request
 * goes to offers as any other call does.
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

  /** The copy, if one is kept right now, whether or not it may be used yet (see {@link fresh}). */
  peek(): CachedCatalogue | null {
    return this.current && Date.now() < this.current.until ? this.current : null;
  }

  /**
   * The kept copy, once every catalogue broadcast sent before this call has been heard: a change offers answered
   * just before this request arrived has then dropped it. Null when nothing is kept or the broadcasts cannot be
   * caught up with (ask offers).
   */
  async fresh(): Promise<CachedCatalogue | null> {
    if (!this.peek()) return null;
    return (await this.deps.caughtUp()) ? this.peek() : null;
  }

  /**
   * The listed offers (`GET /offers`'s items, decision 007) for the pages the gateway writes itself (share previews,
   * sitemap.xml; issue 13): from the kept copy, else asked of offers (and not kept); null when offers cannot answer.
   */
  async listed(): Promise<readonly unknown[] | null> {
    const kept = this.subscribed ? await this.get() : null;
    if (kept) {
      let items = parsedCopies.get(kept);
      if (!items) {
        items = parseItems(kept.bodies.identity) ?? [];
        parsedCopies.set(kept, items);
      }
      return items;
    }
    const requestId = randomUUID();
    try {
      const answer = await this.fetchCatalogue(requestId);
      return answer.status === 200 ? parseItems(answer.body) : null;
    } catch (err) {
      this.deps.log.warn({ reqId: requestId, err: (err as Error).message }, 'catalogue not read for a page');
      return null;
    }
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

  /** The copy, fetched first when none is kept, once the broadcasts sent before have been heard ({@link fresh}). */
  private async get(): Promise<CachedCatalogue | null> {
    if (!this.peek()) {
      this.filling ??= this.fill(this.generation);
      await this.filling;
    }
    return this.fresh();
  }

  /** The catalogue from offers, asked for with a request id of its own: a fill serves many requests. */
  private fetchCatalogue(requestId: string) {
    return this.deps.upstreams.callBuffered(this.deps.upstreams.services.offers, {
      method: 'GET',
      path: offers.routes.catalogue.path,
      headers: {
        ...signIdentity(visitor(''), this.deps.internalSecret, 'offers'),
        'x-request-id': requestId,
      },
      timeoutMs: FETCH_TIMEOUT_MS,
    });
  }

  private async fill(generation: number): Promise<CachedCatalogue | null> {
    const requestId = randomUUID();
    try {
      const answer = await this.fetchCatalogue(requestId);
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
      this.deps.log.warn(
        { reqId: requestId, err: (err as Error).message },
        'catalogue not cached; passing the call on',
      );
      return null;
    } finally {
      if (generation === this.generation) this.filling = null;
    }
  }
}

/** The items of each kept copy, parsed once. */
const parsedCopies = new WeakMap<CachedCatalogue, readonly unknown[]>();

function parseItems(body: Buffer): readonly unknown[] | null {
  try {
    const items: unknown = JSON.parse(body.toString('utf8'));
    return Array.isArray(items) ? items : null;
  } catch {
    return null;
  }
}

/** Whether a call is one the copy answers: `GET|HEAD /api/offers`, no query (`url` as the client sent it). */
/** The catalogue's URL, exactly (a query or a trailing slash goes to the app). */
export const CATALOGUE_PATH = apiPath(offers.routes.catalogue);

export function isCatalogueCall(method: string | undefined, url: string | undefined): boolean {
  return (method === 'GET' || method === 'HEAD') && url === CATALOGUE_PATH;
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
