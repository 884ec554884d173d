import type { ScheduledTask } from '@tullab/events';
import type { OffersContext } from '../../context';
import { affected } from '@tullab/db';
import { COUNTED_DAYS } from './events';

/**
 * Every hour (decision 008): forgets whom the worker counted on the days before the last COUNTED_DAYS, which it no
 * longer looks at, so `offer_daily_actor` holds a few days of rows and a visitor's hashed address is kept no longer.
 */
export function forgetCountedTask(ctx: OffersContext): ScheduledTask {
  return {
    name: 'forget-counted-actors',
    everyMs: 3_600_000,
    async run(log) {
      const forgotten = await affected(
        ctx.em.fork(),
        "delete from offer_daily_actor where day <= (now() at time zone 'Asia/Dubai')::date - ?::int",
        [COUNTED_DAYS],
      );
      if (forgotten) log.info({ forgotten }, 'counted students and visitors of past days forgotten');
    },
  };
}
