import type { EntityManager } from '@mikro-orm/core';
import { POOL_CSV_MAX_BYTES, type PoolImport, type PoolPreview } from '@tullab/contracts';
import { HttpError, type Identity, receiveSingleFile } from '@tullab/http';
import type { Request, Response } from 'express';
import { readCodesCsv, type CodesCsv, type CsvCode } from '../code-pool/csv';
import { addToPool } from '../offers/pool-import';
import { MAX_CODES_PER_IMPORT, checkCodeCount, poolCountsOf, storedCodes } from '../code-pool/pool';
import type { Offer } from '../offers/entities';
import { lockOffer } from '../offers/service';
import { findBrandOffer } from './offers';

/** The form field of the CSV file. */
export const POOL_FILE_FIELD = 'file';
const NO_FILE = 'Please choose a CSV file of codes';
const TOO_LARGE = `The file must be at most ${POOL_CSV_MAX_BYTES / 1024 / 1024} MB`;
/** A preview or a refusal names at most this many lines of each kind, so its answer stays small. */
const LINES_SHOWN = 100;
const SAMPLE = 5;

/** The CSV of a multipart form (`file`, at most POOL_CSV_MAX_BYTES: 413 beyond), as text; 400 without one. */
export async function receiveCodesCsv(req: Request, res: Response): Promise<string> {
  const { file } = await receiveSingleFile(req, res, {
    field: POOL_FILE_FIELD,
    maxBytes: POOL_CSV_MAX_BYTES,
    tooLarge: TOO_LARGE,
    maxFields: 2,
  });
  if (!file) throw new HttpError(400, NO_FILE, { errors: { [POOL_FILE_FIELD]: NO_FILE } });
  return file.buffer.toString('utf8').replace(/^\uFEFF/, '');
}

/** The lines of a file that cannot be added as they are: malformed codes, and repeats of the file or of the pool. */
interface Checked {
  read: CodesCsv;
  /** the codes that would be new to the pool */
  fresh: CsvCode[];
  duplicates: CsvCode[];
}

async function check(em: EntityManager, offer: Offer, csv: string): Promise<Checked> {
  if (offer.offerType === 'referral') throw new HttpError(409, 'A referral offer has no discount codes');
  const read = readCodesCsv(csv);
  if (read.codes.length > MAX_CODES_PER_IMPORT) checkCodeCount(read.codes.length, POOL_FILE_FIELD);
  const stored = await storedCodes(
    em,
    offer.id,
    read.codes.map((code) => code.value),
  );
  const fresh = read.codes.filter((code) => !stored.has(code.value));
  const duplicates = [...read.repeated, ...read.codes.filter((code) => stored.has(code.value))].sort(
    (a, b) => a.line - b.line,
  );
  return { read, fresh, duplicates };
}

/** What importing the file would do (decision 016): nothing is stored. */
export async function previewPool(
  em: EntityManager,
  brandId: string,
  offerId: string,
  csv: string,
): Promise<PoolPreview> {
  const offer = await findBrandOffer(em, brandId, offerId);
  const { read, fresh, duplicates } = await check(em, offer, csv);
  return {
    valid: fresh.length,
    sample: fresh.slice(0, SAMPLE).map((code) => code.value),
    invalid: read.invalid.slice(0, LINES_SHOWN),
    duplicates: duplicates.slice(0, LINES_SHOWN),
    ...(await poolCountsOf(em, offer.id)),
  };
}

/** A 400 naming every refused line (the first LINES_SHOWN), the first one's words as the message. */
function refusal(invalid: CodesCsv['invalid'], duplicates: CsvCode[]): HttpError {
  const lines = [
    ...invalid.map(({ line, message }) => ({ line, message })),
    ...duplicates.map(({ line, value }) => ({
      line,
      message: `${value} is already in the file or the pool`,
    })),
  ].sort((a, b) => a.line - b.line);
  const message =
    lines.length === 1
      ? `Line ${lines[0].line}: ${lines[0].message}`
      : `${lines.length} lines cannot be imported, the first is line ${lines[0].line}: ${lines[0].message}`;
  const errors = Object.fromEntries(
    lines.slice(0, LINES_SHOWN).map(({ line, message: text }) => [`line ${line}`, text]),
  );
  return new HttpError(400, message, { errors: { [POOL_FILE_FIELD]: message, ...errors } });
}

/**
 * Adds every code of the file to the offer's pool, or none (decision 016): any malformed line or duplicate (in the
 * file or already in the pool) is a 400 naming the lines. One transaction, audited with the merchant as the actor,
 * and the pool's alerts are armed again as a staff import does (addToPool).
 */
export async function importPool(
  em: EntityManager,
  brandId: string,
  offerId: string,
  csv: string,
  actor: Identity,
  requestId: string | null,
): Promise<PoolImport> {
  await findBrandOffer(em, brandId, offerId);
  return em.fork().transactional(async (tx) => {
    const offer = await lockOffer(tx, offerId);
    const { read, fresh, duplicates } = await check(tx, offer, csv);
    if (read.invalid.length || duplicates.length) throw refusal(read.invalid, duplicates);
    checkCodeCount(fresh.length, POOL_FILE_FIELD);
    const { added, pool } = await addToPool(
      tx,
      offer,
      fresh.map((code) => code.value),
      actor,
      requestId,
    );
    await tx.flush();
    return { added, ...pool };
  });
}
