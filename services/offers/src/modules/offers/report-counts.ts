import type { EntityManager } from '@mikro-orm/core';
import { rows } from '@tullab/db';
import { FLAG_AT_OPEN_REPORTS } from '@tullab/contracts';

/**
 * How many open reports each offer has (absent: none). Kept with the offers, not in code-reports/, because the
 * offers' staff view shows it, and code-reports builds on offers rather than the other way round.
 */
export async function openReportCounts(em: EntityManager, offerIds: string[]): Promise<Map<string, number>> {
  const found = offerIds.length
    ? await rows<{ offer_id: string; open: string }>(
        em,
        `select offer_id, count(*) as open from code_report where status = 'open' and offer_id in (?) group by offer_id`,
        [offerIds],
      )
    : [];
  return new Map(found.map((row) => [row.offer_id, Number(row.open)]));
}

export const isFlagged = (open: number) => open >= FLAG_AT_OPEN_REPORTS;
