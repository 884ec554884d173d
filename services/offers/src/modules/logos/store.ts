import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { HttpError, receiveSingleFile, type ReceivedFile } from '@tullab/http';
import type { Logger } from '@tullab/log';
import {
  ObjectStore,
  StorageUnavailableError,
  acceptedFileKind,
  fileKinds,
  type FileKind,
  type S3Config,
} from '@tullab/storage';
import { LOGO_MAX_BYTES } from '@tullab/contracts';
import type { Config } from '../../config';

/** Brand logos are PNG, JPEG or WebP images of at most LOGO_MAX_BYTES, 2 MB (issue 4). */
const logoKinds: readonly FileKind[] = ['png', 'jpeg', 'webp'];
const messages = {
  tooLarge: 'Logo must be at most 2 MB',
  wrongType: 'Logo must be a PNG, JPEG or WebP image',
  unavailable: 'Logo storage is unavailable, please try again later',
} as const;

/** The form field of a logo, in the merchant application and the staff upload alike. */
export const LOGO_FIELD = 'logoFile';

/**
 * Reads a multipart form with at most one logo and `maxFields` text fields; 413 / 400 as the shared rules say. The
 * logo is held in memory, and reading stops the moment it passes LOGO_MAX_BYTES (413 naming `logoFile`), so one
 * upload never holds more than that.
 */
export function receiveLogo(req: Request, res: Response, maxFields: number) {
  return receiveSingleFile(req, res, {
    field: LOGO_FIELD,
    maxBytes: LOGO_MAX_BYTES,
    tooLarge: messages.tooLarge,
    maxFields,
  });
}

/** What the logo bucket needs of offers' configuration (a tool's configuration may hold only this). */
type LogoStoreConfig = S3Config & Pick<Config, 'LOGO_BUCKET'>;

const stores = new WeakMap<LogoStoreConfig, ObjectStore>();

/** The LOGO_BUCKET store of this configuration (one client per process, shared by routes and readiness). */
export function logoStore(config: LogoStoreConfig): ObjectStore {
  let store = stores.get(config);
  if (!store) {
    store = new ObjectStore(config, config.LOGO_BUCKET);
    stores.set(config, store);
  }
  return store;
}

/** A store outage is a 503 for the caller (SECURITY "Failure matrix"); anything else is a bug. */
async function orUnavailable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof StorageUnavailableError) throw new HttpError(503, messages.unavailable);
    throw err;
  }
}

export interface StoredLogo {
  key: string;
  contentType: string;
}

/**
 * Checks the file is an image of an accepted kind by its bytes and name (S21: 415 otherwise) and writes it under
 * `<folder>/`, before any row points at it.
 */
export async function storeLogo(
  store: ObjectStore,
  folder: 'offers' | 'applications',
  file: ReceivedFile,
): Promise<StoredLogo> {
  const kind = acceptedFileKind(file.buffer, file.originalName, logoKinds);
  if (!kind)
    throw new HttpError(415, messages.wrongType, {
      code: 'file_type_not_allowed',
      errors: { [LOGO_FIELD]: messages.wrongType },
    });
  const logo = {
    key: `${folder}/${randomUUID()}.${fileKinds[kind].extensions[0]}`,
    contentType: fileKinds[kind].mime,
  };
  await orUnavailable(() => store.put(logo.key, file.buffer, logo.contentType));
  return logo;
}

/** Removes a logo nothing points at any more; a failure only leaves an orphan object behind. */
export async function discardLogo(store: ObjectStore, key: string, log: Logger): Promise<void> {
  await store.remove(key).catch((err: Error) => log.warn({ key, err: err.message }, 'logo not removed'));
}

/** Streams a stored logo with the given caching; 404 when the object is gone. */
export async function sendLogo(
  res: Response,
  store: ObjectStore,
  logo: StoredLogo,
  cacheControl: string,
): Promise<void> {
  const stream = await orUnavailable(() => store.get(logo.key));
  if (!stream) throw new HttpError(404, 'Logo not found');
  res.set({
    'Content-Type': logo.contentType,
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
  });
  await pipeline(stream, res);
}
