import { FUNNEL_MAX_DAYS, type BrandAppMode, type FunnelQuery } from '@tullab/contracts';
import { HttpError } from '@tullab/http';

/** The days a portal figure covers, both included (`YYYY-MM-DD`, Asia/Dubai, as the counters are kept). */
export interface DayRange {
  from: string;
  to: string;
  offerId: string | null;
  /** live figures, or only test apps' checkouts (issue 30) */
  mode: BrandAppMode;
}

/** Without dates, the portal shows the last 30 days, today included. */
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;
const uaeDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' });

export const todayInUae = (now = new Date()) => uaeDay.format(now);

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Every day from `from` to `to`, both included. */
export function daysOf({ from, to }: Pick<DayRange, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A 400 naming the field. */
export const refuse = (field: string, message: string) =>
  new HttpError(400, message, { errors: { [field]: message } });

/**
 * The days of the funnel's query (decision 016), as its route parsed it: they default to the 30 ending today (or
 * ending `to`, or from `from` to today); `from` after `to`, or more than FUNNEL_MAX_DAYS days, is a 400 naming the
 * field.
 */
export function dayRangeOf(query: FunnelQuery, now = new Date()): DayRange {
  const to = query.to ?? todayInUae(now);
  const from = query.from ?? addDays(to, 1 - DEFAULT_DAYS);
  if (from > to) throw refuse('from', 'from must be on or before to');
  if (daysBetween(from, to) > FUNNEL_MAX_DAYS)
    throw refuse(query.from ? 'from' : 'to', `The range may span at most ${FUNNEL_MAX_DAYS} days`);
  return { from, to, offerId: query.offerId ?? null, mode: query.mode };
}

/** How many days from `from` to `to`, both included. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
