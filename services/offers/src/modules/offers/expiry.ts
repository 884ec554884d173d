import type { EntityManager } from '@mikro-orm/core';
import type { ScheduledTask } from '@tullab/events';
import type { OffersContext } from '../../context';
import { affected } from '@tullab/db';

/** Marks live and paused offers past their expiry as `expired`; answers how many. Idempotent. */
function expireOffers(em: EntityManager): Promise<number> {
  return affected(
    em,
    "update offer set status = 'expired', updated_at = now() where status in ('live', 'paused') and expires_at <= now()",
  );
}

/**
 * Every minute (decision 002 "Scheduled work"). The catalogue already hides an offer from the second it expires; this
 * makes the status say so for staff, and pause/resume rules apply.
 */
export function expiryTask(ctx: OffersContext): ScheduledTask {
  return {
    name: 'expire-offers',
    everyMs: 60_000,
    async run(log) {
      const expired = await expireOffers(ctx.em.fork());
      if (!expired) return;
      ctx.catalogue.invalidate();
      log.info({ expired }, 'offers expired');
    },
  };
}
