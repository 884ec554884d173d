// A real HTTP service standing in for identity, verification, offers or notifications in the gateway's tests: it
// checks the signed identity as the real ones do, records every call and answers as the test's headers ask.
import { createHash } from 'node:crypto';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { errorBody, verifyIdentity, type Audience, type Identity } from '@tullab/http';
import { IDENTITY_HEADER, SIGNATURE_HEADER } from '@tullab/contracts';

/** The secret the gateway under test signs identities with, and the fakes check them with. */
export const INTERNAL_SECRET = 'gateway-test-secret-'.padEnd(48, 'g');

/** What a fake service saw of one call. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  identity: Identity | null;
  bodyLength: number;
  bodySha256: string;
  body: string;
}

export interface FakeService {
  name: Audience;
  url: string;
  received: Received[];
  /** what GET /readyz answers */
  readyStatus: number;
  /** TCP connections accepted so far */
  connections: number;
  close(): Promise<void>;
}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function listenOn(app: Express): Promise<Server> {
  return new Promise((resolve) => {
    const server = http.createServer(app);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function readBody(req: express.Request): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A real HTTP service standing in for identity, verification, offers or notifications. Like the real ones it
 * refuses calls without a valid signed identity addressed to it (401). Every other call is recorded and echoed as
 * JSON; the test steers the answer with request headers the gateway passes on: `x-test-status`, `x-test-set-cookie`
 * (sent back as `x-tullab-set-cookie`), `x-test-headers` (JSON object of extra answer headers) and
 * `x-test-delay-ms`.
 */
export async function startFakeService(
  name: Audience,
  routes?: (app: Express) => void,
): Promise<FakeService> {
  const app = express();
  app.disable('x-powered-by');
  const service: FakeService = {
    name,
    url: '',
    received: [],
    readyStatus: 200,
    connections: 0,
    close: async () => undefined,
  };
  routes?.(app);
  app.get('/readyz', (_req, res) => {
    res.status(service.readyStatus).json({ status: service.readyStatus === 200 ? 'ready' : 'not ready' });
  });
  app.use(async (req, res) => {
    const identity = verifyIdentity(
      req.get(IDENTITY_HEADER),
      req.get(SIGNATURE_HEADER),
      INTERNAL_SECRET,
      name,
    );
    const body = await readBody(req);
    service.received.push({
      method: req.method,
      url: req.originalUrl,
      headers: req.headers,
      identity,
      bodyLength: body.length,
      bodySha256: sha256(body),
      body: body.length <= 4096 ? body.toString('utf8') : '',
    });
    if (!identity) return void res.status(401).json(errorBody('Unauthorized', 'unauthenticated'));
    const delay = Number(req.get('x-test-delay-ms') ?? 0);
    if (delay) await new Promise((r) => setTimeout(r, delay).unref());
    const setCookie = req.get('x-test-set-cookie');
    if (setCookie) res.setHeader('x-tullab-set-cookie', setCookie);
    const extra = req.get('x-test-headers');
    if (extra) res.set(JSON.parse(extra) as Record<string, string>);
    res.status(Number(req.get('x-test-status') ?? 200)).json({
      service: name,
      method: req.method,
      url: req.originalUrl,
      identity,
      bodyLength: body.length,
    });
  });
  const server = await listenOn(app);
  server.on('connection', () => service.connections++);
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return service;
}

/** The latest call a fake service received. */
export function last(service: FakeService): Received {
  const call = service.received.at(-1);
  if (!call) throw new Error(`${service.name} received nothing`);
  return call;
}
