import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { urlHost } from './ports';

export interface S3ServerOptions {
  /** 0 or unset: any free port */
  port?: number;
  host?: string;
  /** where objects are kept; unset: a temporary folder removed on close */
  directory?: string;
  /** buckets to create on start (existing ones and their objects are kept) */
  buckets?: string[];
}

export interface S3Server {
  /** `http://127.0.0.1:PORT`, usable as S3_ENDPOINT */
  endpoint: string;
  port: number;
  accessKey: string;
  secretKey: string;
  region: string;
  close(): Promise<void>;
}

const ACCESS_DENIED =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';

/** Buckets are private, as on MinIO: a request without a signature (header or presigned query) gets 403. */
function privateBuckets(next: RequestListener): RequestListener {
  return (req, res) => {
    const query = new URL(req.url ?? '/', 'http://s3').searchParams;
    if (req.headers.authorization || query.has('X-Amz-Algorithm') || query.has('Signature'))
      return next(req, res);
    res.writeHead(403, { 'Content-Type': 'application/xml' }).end(ACCESS_DENIED);
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * A real S3-protocol server on disk (s3rver), path-style, with s3rver's fixed credentials S3RVER/S3RVER.
 * It refuses anonymous requests and unknown access keys, but does not verify Signature V4 itself, so it proves
 * the protocol, not the secret.
 */
export async function startS3Server(opts: S3ServerOptions = {}): Promise<S3Server> {
  const host = opts.host ?? '127.0.0.1';
  const temporary = opts.directory === undefined;
  const directory = opts.directory ?? (await mkdtemp(join(tmpdir(), 'tullab-s3-')));
  await mkdir(directory, { recursive: true });
  const s3 = new S3rver({
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: (opts.buckets ?? []).map((name) => ({ name })),
  });
  await s3.configureBuckets();
  const server = createServer(privateBuckets(s3.callback()));
  // longer than clients keep idle pooled connections, so a client never writes to a socket the server just closed
  server.keepAliveTimeout = 65_000;
  const port = await listen(server, opts.port ?? 0, host);
  return {
    endpoint: `http://${urlHost(host)}:${port}`,
    port,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
      if (temporary) await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The S3_* variables of a service that should use this server. */
export function s3EnvOf(
  server: S3Server,
): Record<'S3_ENDPOINT' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_REGION', string> {
  return {
    S3_ENDPOINT: server.endpoint,
    S3_ACCESS_KEY: server.accessKey,
    S3_SECRET_KEY: server.secretKey,
    S3_REGION: server.region,
  };
}
