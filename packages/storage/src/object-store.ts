import type { Readable } from 'node:stream';
import { Client } from 'minio';
import type { ReadinessCheck } from '@tullab/config';
import type { S3Config } from './config';

/** The object store could not be reached or refused the call: callers answer 503 (SECURITY "Failure matrix"). */
export class StorageUnavailableError extends Error {}

const REQUEST_TIMEOUT_MS = 10_000;

/** The most keys one listing call answers (S3's cap). */
export const LIST_PAGE_MAX = 1000;

/** An object in a bucket: its key and when it was last written, by the store's clock (Invalid Date if it gave none). */
export interface StoredObject {
  key: string;
  lastModified: Date;
}

/** One page of a listing, and where the next starts (null: this was the last). */
export interface ObjectPage {
  objects: StoredObject[];
  next: string | null;
}

/** A pooled keep-alive connection the store had already closed: nothing was done, so the call may be repeated. */
function staleConnection(err: unknown): boolean {
  const { code, message } = err as { code?: string; message?: string };
  return code === 'ECONNRESET' || code === 'EPIPE' || message === 'socket hang up';
}

/**
 * Runs one call against the store: its failure, or silence for 10 s, becomes StorageUnavailableError. Every call
 * here is idempotent (a put of the same key, a get, a delete, a listing), so one that met a stale pooled connection
 * is repeated once.
 */
async function attempt<T>(what: string, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
  });
  const once = () => call().catch((err: unknown) => (staleConnection(err) ? call() : Promise.reject(err)));
  try {
    return await Promise.race([once(), silence]);
  } catch (err) {
    if (err instanceof StorageUnavailableError) throw err;
    throw new StorageUnavailableError(`${what}: ${(err as Error).message ?? String(err)}`, { cause: err });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One private bucket of an S3-compatible store (MinIO, s3rver, AWS). Objects are written whole before the caller
 * stores a row that points at them, and read back as streams.
 */
export class ObjectStore {
  private readonly client: Client;

  constructor(
    config: S3Config,
    readonly bucket: string,
  ) {
    const url = new URL(config.S3_ENDPOINT);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: config.S3_ACCESS_KEY,
      secretKey: config.S3_SECRET_KEY,
      region: config.S3_REGION,
      pathStyle: true,
    });
  }

  /** Creates the bucket when it is missing (start-up); a store that is down is reported, not fatal. */
  async ensureBucket(): Promise<void> {
    await attempt(`bucket ${this.bucket}`, async () => {
      if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket);
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await attempt(`put ${key}`, () =>
      this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType }),
    );
  }

  /** The object's bytes as a stream; null when there is no such object. */
  async get(key: string): Promise<Readable | null> {
    return attempt(`get ${key}`, () =>
      this.client.getObject(this.bucket, key).catch((err: { code?: string }) => {
        if (err.code === 'NoSuchKey') return null;
        throw err;
      }),
    );
  }

  async remove(key: string): Promise<void> {
    await attempt(`remove ${key}`, () => this.client.removeObject(this.bucket, key));
  }

  /**
   * One page of the keys under `prefix`, in key order, after `startAfter` (none: from the first): at most `max`
   * ({@link LIST_PAGE_MAX}, S3's own cap, by default). `next` is the `startAfter` of the following page, null after
   * the last. One call to the store, so walking a bucket of any size takes bounded steps, each with its own timeout.
   */
  async listPage(prefix: string, options: { startAfter?: string; max?: number } = {}): Promise<ObjectPage> {
    const max = Math.max(1, Math.min(options.max ?? LIST_PAGE_MAX, LIST_PAGE_MAX));
    const startAfter = options.startAfter ?? '';
    return attempt(`list ${prefix}`, async () => {
      // ListObjects (v1) with a marker: what v2's start-after does, and the test store (s3rver) cannot page v2
      const page = await this.client.listObjectsQuery(this.bucket, prefix, startAfter, {
        Delimiter: '',
        MaxKeys: max,
      });
      const objects: StoredObject[] = [];
      for (const item of page.objects)
        if (item.name) objects.push({ key: item.name, lastModified: item.lastModified ?? new Date(NaN) });
      // the store's NextMarker, or (minio fills it in) the last key of a truncated page
      return { objects, next: (page.isTruncated && page.nextMarker) || null };
    });
  }

  /** Every key under `prefix` with its last change, page by page (for tests and small buckets: it is all in memory). */
  async list(prefix = ''): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    let startAfter: string | undefined;
    do {
      const page = await this.listPage(prefix, { startAfter });
      found.push(...page.objects);
      startAfter = page.next ?? undefined;
    } while (startAfter);
    return found;
  }

  /** Readiness (services that upload check their store, ARCHITECTURE "Runtime"): the bucket answers. */
  readiness(): ReadinessCheck {
    return {
      name: 'objectStorage',
      timeoutMs: 2000,
      check: async () => {
        if (!(await this.client.bucketExists(this.bucket))) throw new Error(`no bucket ${this.bucket}`);
      },
    };
  }
}
