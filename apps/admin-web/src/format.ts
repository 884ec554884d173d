/** Dates, days and sizes as the console shows them: UAE time (Asia/Dubai), British English, as in the e-mails. */
export const TIME_ZONE = 'Asia/Dubai';
export const LOCALE = 'en-GB';

/** Options for react-admin's DateField: a date and time in UAE time ('12 Nov 2026, 14:05'). */
export const dateTimeOptions: Intl.DateTimeFormatOptions = {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: TIME_ZONE,
};

/** Options for react-admin's DateField: a day in UAE time ('12 Nov 2026'). */
export const dateOptions: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: TIME_ZONE };

const dateTime = new Intl.DateTimeFormat(LOCALE, dateTimeOptions);
const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const shortDay = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

const day = new Intl.DateTimeFormat(LOCALE, dateOptions);

/** The UAE day of a moment ('12 Nov 2026'). */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : day.format(date);
}

/** The UAE day of a moment (today by default) as `YYYY-MM-DD`, the way the servers count days. */
export const dubaiDay = (value: string | Date = new Date()): string => isoDay.format(new Date(value));

/** `YYYY-MM-DD` plus `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The last `count` days up to today (UAE), oldest first. */
export function lastDays(count: number, now = new Date()): string[] {
  const today = dubaiDay(now);
  return Array.from({ length: count }, (_, index) => addDays(today, index - count + 1));
}

/** `2026-11-12` → '12 Nov'. */
export const formatShortDay = (day: string): string => shortDay.format(new Date(`${day}T00:00:00Z`));
/** `2026-11-12` → 'Thu, 12 Nov 2026'. */
export const formatLongDay = (day: string): string => longDay.format(new Date(`${day}T00:00:00Z`));

/** The start or end of a UAE day as an ISO time, for `<field>_gte` / `<field>_lte` filters. */
export const dayBoundary = (day: string, edge: 'start' | 'end'): string =>
  `${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}+04:00`;

/** 2048 → '2 KB', 5242880 → '5 MB'. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  return `${(kb / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** How long ago, in the largest whole unit ('3 days', '5 hours', 'under a minute'). */
export function durationSince(value: string | Date, now = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(value).getTime()) / 60_000);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

/** `unrecognized_domain` → 'Unrecognized domain': a label for a value without one of its own. */
export const humanise = (value: string): string => {
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The message of anything thrown, for a notification or an alert. */
export const errorMessage = (error: unknown, fallback = 'Something went wrong'): string =>
  error instanceof Error && error.message ? error.message : fallback;
