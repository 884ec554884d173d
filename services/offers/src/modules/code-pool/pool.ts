import type { EntityManager } from '@mikro-orm/core';
import { HttpError } from '@tullab/http';
import { affected, rows } from '@tullab/db';
import { readCodesCsv } from './csv';

/** An offer's pool of unique single-use codes: how many were imported and how many nobody has claimed yet. */
export interface PoolCounts {
  codesTotal: number;
  codesLeft: number;
}

const EMPTY: PoolCounts = { codesTotal: 0, codesLeft: 0 };
/** One import adds at most this many codes (a bigger CSV is split by staff). */
export const MAX_CODES_PER_IMPORT = 10_000;

/** A pool runs low at a tenth of its size, and never above 5 codes left counts as plenty for a small pool. */
export function isLowPool({ codesTotal, codesLeft }: PoolCounts): boolean {
  return codesTotal > 0 && codesLeft <= Math.max(5, Math.ceil(codesTotal / 10));
}

export async function poolCounts(em: EntityManager, offerIds: string[]): Promise<Map<string, PoolCounts>> {
  const found = offerIds.length
    ? await rows<{ offer_id: string; total: string; left: string }>(
        em,
        `select offer_id, count(*) as total, count(*) filter (where claimed_by is null) as left
         from offer_code where offer_id in (?) group by offer_id`,
        [offerIds],
      )
    : [];
  const counts = new Map(offerIds.map((id) => [id, EMPTY]));
  for (const row of found)
    counts.set(row.offer_id, { codesTotal: Number(row.total), codesLeft: Number(row.left) });
  return counts;
}

export async function poolCountsOf(em: EntityManager, offerId: string): Promise<PoolCounts> {
  return (await poolCounts(em, [offerId])).get(offerId) ?? EMPTY;
}

/** Whether the offer has a pool: any code was ever imported, claimed or not. */
export async function hasPool(em: EntityManager, offerId: string): Promise<boolean> {
  const [row] = await rows<{ pool: boolean }>(
    em,
    'select exists (select 1 from offer_code where offer_id = ?) as pool',
    [offerId],
  );
  return row.pool;
}

/**
 * Claims the oldest unclaimed code of the offer for the student, atomically: rows other transactions are claiming
 * are skipped (SKIP LOCKED), so concurrent redeems never get the same code. Null when none is left.
 */
export async function claimCode(em: EntityManager, offerId: string, userId: string): Promise<string | null> {
  const [claimed] = await rows<{ code: string }>(
    em,
    `update offer_code set claimed_by = ?, claimed_at = now()
     where id = (select id from offer_code where offer_id = ? and claimed_by is null
                 order by seq limit 1 for update skip locked)
     returning code`,
    [userId, offerId],
  );
  return claimed?.code ?? null;
}

/**
 * The codes of a staff CSV import (readCodesCsv), repeats within the file dropped. The first malformed code is a 400
 * naming its line.
 */
export function parseCodesCsv(csv: string): string[] {
  const { codes, invalid } = readCodesCsv(csv);
  if (invalid.length) {
    const message = `Line ${invalid[0].line}: ${invalid[0].message}`;
    throw new HttpError(400, message, { errors: { csv: message } });
  }
  checkCodeCount(codes.length, 'csv');
  return codes.map((code) => code.value);
}

/** An import adds at least one code and at most MAX_CODES_PER_IMPORT: a 400 naming `field` otherwise. */
export function checkCodeCount(count: number, field: string): void {
  const message =
    count === 0
      ? 'The file has no codes'
      : count > MAX_CODES_PER_IMPORT
        ? `At most ${MAX_CODES_PER_IMPORT} codes per import`
        : null;
  if (message) throw new HttpError(400, message, { errors: { [field]: message } });
}

/** Which of `codes` the offer's pool already holds. */
export async function storedCodes(em: EntityManager, offerId: string, codes: string[]): Promise<Set<string>> {
  const found = codes.length
    ? await rows<{ code: string }>(
        em,
        `select code from offer_code
         where offer_id = ? and code in (select jsonb_array_elements_text(?::jsonb))`,
        [offerId, JSON.stringify(codes)],
      )
    : [];
  return new Set(found.map((row) => row.code));
}

/** Adds the codes the pool does not hold yet; answers how many were new. */
export async function addCodes(em: EntityManager, offerId: string, codes: string[]): Promise<number> {
  return affected(
    em,
    `insert into offer_code (id, offer_id, code)
     select gen_random_uuid(), ?, x.code from jsonb_array_elements_text(?::jsonb) with ordinality as x(code, n)
     order by x.n
     on conflict (offer_id, code) do nothing`,
    [offerId, JSON.stringify(codes)],
  );
}
