import type { EntityManager } from '@mikro-orm/core';
import { HttpError, type Identity } from '@tullab/http';
import { auditOffer } from './audit';
import type { Offer } from './entities';
import { addCodes, isLowPool, poolCountsOf, type PoolCounts } from '../code-pool/pool';

export interface PoolAddition {
  added: number;
  pool: PoolCounts;
}

/**
 * Adds codes to a locked discount offer's pool in the caller's transaction (the staff import and the merchant upload,
 * decision 016): audited with how many the pool held before and after (never the codes) when any was new, and the
 * low and exhausted alerts are armed again once the pool has enough. A referral offer has no pool: 409.
 */
export async function addToPool(
  tx: EntityManager,
  offer: Offer,
  codes: string[],
  actor: Identity,
  requestId: string | null,
): Promise<PoolAddition> {
  if (offer.offerType === 'referral') throw new HttpError(409, 'A referral offer has no discount codes');
  const before = await poolCountsOf(tx, offer.id);
  const added = await addCodes(tx, offer.id, codes);
  const pool = await poolCountsOf(tx, offer.id);
  if (added) {
    const changes = { codesTotal: { from: before.codesTotal, to: pool.codesTotal } };
    auditOffer(tx, actor, requestId, offer.id, { action: 'import-codes', changes });
  }
  if (!isLowPool(pool)) offer.lowPoolAlertedAt = null;
  if (pool.codesLeft > 0) offer.poolExhaustedAlertedAt = null;
  return { added, pool };
}
