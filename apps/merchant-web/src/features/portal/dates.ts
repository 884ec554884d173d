import { FUNNEL_MAX_DAYS } from '@tullab/contracts';

/** The funnel's days are the UAE's (Asia/Dubai), as the offers service counts them. */
const DUBAI_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Dubai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in the UAE, `YYYY-MM-DD`. */
export const todayInDubai = (now = new Date()): string => DUBAI_DAY.format(now);

const DAY_MS = 86_400_000;

/** The day `count` days after (or before, negative) `day`. */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** The number of days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export const PRESETS = [7, 30, 90] as const;
export type Preset = (typeof PRESETS)[number];

export interface DayRange {
  from: string;
  to: string;
}

/** The last `days` days, today included. */
export const lastDays = (days: number, today = todayInDubai()): DayRange => ({
  from: addDays(today, -(days - 1)),
  to: today,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with a custom range (a catalogue key of `merchant`), or null when the funnel can be asked for it. */
export function rangeProblem({ from, to }: DayRange, today = todayInDubai()): string | null {
  if (!DAY.test(from) || !DAY.test(to)) return 'range.errors.missing';
  if (from > to) return 'range.errors.order';
  if (to > today) return 'range.errors.future';
  if (daysBetween(from, to) > FUNNEL_MAX_DAYS) return 'range.errors.tooLong';
  return null;
}

/** How many months that have ended the institution figures offer (decision 017). */
export const INSTITUTION_MONTHS = 12;

/**
 * The last `count` months that have ended in the UAE, newest first (`YYYY-MM`): institution figures are given only
 * for those (decision 017).
 */
export function endedMonths(count = INSTITUTION_MONTHS, today = todayInDubai()): string[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year, month - 2 - i, 1)).toISOString().slice(0, 7),
  );
}
