import { institutionsQuery } from '@tullab/contracts';
import { refuse, todayInUae } from './range';

/** One whole calendar month of the UAE (Asia/Dubai), as the institution figures cover it (decision 017). */
export interface MonthPeriod {
  /** `YYYY-MM` */
  period: string;
  /** its first and last day, `YYYY-MM-DD`, both included */
  from: string;
  to: string;
  /** the first day of the month after, where the period ends (excluded) */
  until: string;
  offerId: string | null;
}

export const DAYS_REFUSED =
  'Institution figures cover a whole month that has ended: ask for a period (YYYY-MM), not days';
export const NOT_ENDED = 'period must be a month that has ended';

/** The month `count` months after (or before, negative) `month`, both `YYYY-MM`. */
export function addMonths(month: string, count: number): string {
  const [year, number] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month as its days: the first, the last and the first of the next. */
export function daysOfMonth(month: string): Pick<MonthPeriod, 'from' | 'to' | 'until'> {
  const until = `${addMonths(month, 1)}-01`;
  const last = new Date(Date.parse(`${until}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { from: `${month}-01`, to: last, until };
}

/** Days (`from`, `to`) in the query of the institution figures are a 400 naming the field: they cover whole months. */
export function refuseDays(query: Record<string, unknown>): void {
  for (const field of ['from', 'to']) if (query[field] !== undefined) throw refuse(field, DAYS_REFUSED);
}

/**
 * The query of `GET /merchant/institutions` (decision 017): a whole month that has ended in the UAE, by default the
 * last one; never days (`from`, `to`) and never the running month, since two answers a day apart (or today's and
 * tomorrow's of the same month) would differ by the students of that day. Each refusal is a 400 naming the field.
 */
export function monthPeriodOf(query: unknown, now = new Date()): MonthPeriod {
  const raw = (query ?? {}) as Record<string, unknown>;
  refuseDays(raw);
  const parsed = institutionsQuery.parse(raw);
  const running = todayInUae(now).slice(0, 7);
  const period = parsed.period ?? addMonths(running, -1);
  if (period >= running) throw refuse('period', NOT_ENDED);
  return { period, ...daysOfMonth(period), offerId: parsed.offerId ?? null };
}
