import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express, { type Express } from 'express';
import request from 'supertest';
import { parseConfig } from '@tullab/config';
import {
  IDENTITY_HEADER,
  SIGNATURE_HEADER,
  verifyIdentity,
  type Audience,
  type Identity,
  type Role,
} from '@tullab/http';
import { getRedisUrl, uniqueName } from '@tullab/testing';
import { configShape, startService, type RunningGateway } from '../src';

export const INTERNAL_SECRET = 'gateway-test-secret-'.padEnd(48, 'g');
export const ORIGIN = 'http://localhost:8080';

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
      bodySha256: createHash('sha256').update(body).digest('hex'),
      body: body.length <= 4096 ? body.toString('utf8') : '',
    });
    if (!identity) return void res.status(401).json({ message: 'Unauthorized' });
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

export interface FakeSession {
  userId: string;
  role: Role;
  verificationStatus: string;
  sessionId: string;
  email?: string;
  firstName?: string;
}

export interface FakeIdentity extends FakeService {
  /** session token → who it belongs to; delete a token to sign it out */
  sessions: Map<string, FakeSession>;
  /**
   * how long the gateway may keep a resolved session (ms from now); 0 (the default) keeps nothing, since the fake
   * broadcasts no changes
   */
  keepFor: number;
  /** the tokens identity was asked to resolve, in order */
  resolved: { token: string; identity: Identity | null }[];
}

/** The fake identity service also answers `POST /internal/sessions/resolve { token }` (decision 001). */
export async function startFakeIdentity(routes?: (app: Express) => void): Promise<FakeIdentity> {
  const sessions = new Map<string, FakeSession>();
  const resolved: FakeIdentity['resolved'] = [];
  const service = await startFakeService('identity', (app) => {
    routes?.(app);
    app.post('/internal/sessions/resolve', express.json(), (req, res) => {
      const identity = verifyIdentity(
        req.get(IDENTITY_HEADER),
        req.get(SIGNATURE_HEADER),
        INTERNAL_SECRET,
        'identity',
      );
      const token = String(req.body?.token);
      resolved.push({ token, identity });
      if (!identity) return void res.status(401).json({ message: 'Unauthorized' });
      const session = sessions.get(token);
      if (!session) return void res.status(401).json({ message: 'Not authenticated' });
      const user = { id: session.userId, email: session.email ?? null, role: session.role };
      res.json({ ...session, user, cacheUntil: fake.keepFor && Date.now() + fake.keepFor });
    });
  });
  const fake = Object.assign(service, { sessions, resolved, keepFor: 0 });
  return fake;
}

export interface Fakes {
  identity: FakeIdentity;
  verification: FakeService;
  offers: FakeService;
  notifications: FakeService;
  close(): Promise<void>;
}

export async function startFakes(): Promise<Fakes> {
  const [identity, verification, offers, notifications] = await Promise.all([
    startFakeIdentity(),
    startFakeService('verification'),
    startFakeService('offers'),
    startFakeService('notifications'),
  ]);
  return {
    identity,
    verification,
    offers,
    notifications,
    close: async () => {
      await Promise.all([identity.close(), verification.close(), offers.close(), notifications.close()]);
    },
  };
}

/** A directory that does not exist: the gateway then serves its "not built yet" page. */
export const missingDir = () => path.join(tmpdir(), `tullab-missing-${process.pid}-${Date.now()}`);

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `${prefix}-`));
}

/** The real gateway on a free port, with the given services (fakes or real ones) and real Redis. */
export async function startGateway(
  fakes: Partial<Record<'identity' | 'verification' | 'offers' | 'notifications', { url: string }>>,
  env: Record<string, string> = {},
): Promise<RunningGateway> {
  const config = parseConfig(configShape, {
    INTERNAL_SECRET,
    REDIS_URL: await getRedisUrl(),
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...(fakes.identity && { IDENTITY_URL: fakes.identity.url }),
    ...(fakes.verification && { VERIFICATION_URL: fakes.verification.url }),
    ...(fakes.offers && { OFFERS_URL: fakes.offers.url }),
    ...(fakes.notifications && { NOTIFICATIONS_URL: fakes.notifications.url }),
    STUDENT_WEB_DIR: missingDir(),
    ADMIN_WEB_DIR: missingDir(),
    ...env,
  });
  return startService(config);
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A request exactly as given (path not normalised, body in the given chunks, chunked when no content-length is set),
 * for what supertest would tidy up.
 */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string | number>; chunks?: Buffer[] },
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The latest call a fake service received. */
export function last(service: FakeService): Received {
  const call = service.received.at(-1);
  if (!call) throw new Error(`${service.name} received nothing`);
  return call;
}

/** The Set-Cookie lines of an answer. */
export const setCookies = (res: request.Response): string[] =>
  (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];

/** A browser-like client: keeps the gateway's cookies and sends the same-origin headers a browser would. */
export function client(url: string) {
  const agent = request.agent(url);
  const origin = { Origin: ORIGIN };
  return {
    agent,
    get: (path: string) => agent.get(path),
    post: (path: string, body?: object) =>
      agent
        .post(path)
        .set(origin)
        .send(body ?? {}),
    put: (path: string, body: object) => agent.put(path).set(origin).send(body),
  };
}

export const newStudent = (email = `${uniqueName('s')}@example.com`) => ({
  email,
  password: 'a long and unusual passphrase 7',
  firstName: 'Layla',
  lastName: 'Hassan',
  phone: '+971 50 123 4567',
  emailMarketing: true,
  whatsappMarketing: false,
  role: 'student',
});
