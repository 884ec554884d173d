// The pure parts of `npm run soak`: its settings from the command line, what it counts per kind of call, percentiles,
// the memory judgement and how the figures are printed. Tested by scripts/soak/figures.test.mjs.

export const USAGE =
  'usage: npm run soak [-- --minutes 10 | --seconds 600] [--concurrency 24] [--think-ms 100] [--report-every 30] ' +
  '[--warm-up 60]';

/** The command-line options, as node:util's parseArgs takes them. */
export const OPTIONS = {
  minutes: { type: 'string' },
  seconds: { type: 'string' },
  concurrency: { type: 'string' },
  'think-ms': { type: 'string' },
  'report-every': { type: 'string' },
  'warm-up': { type: 'string' },
};

/** Memory that grows by this much from the end of the warm-up to the end fails the run… */
export const MEMORY_GROWTH_LIMIT_PERCENT = 15;
/** …when the run lasts at least this long (a shorter one says little about a slow leak). */
export const MEMORY_JUDGED_FROM_MS = 5 * 60_000;

const DEFAULTS = { minutes: 10, concurrency: 24, thinkMs: 100, reportEverySeconds: 30 };

function positive(name, text, { integer = false, zero = false } = {}) {
  const value = Number(text);
  const ok = text.trim() !== '' && Number.isFinite(value) && (zero ? value >= 0 : value > 0);
  if (!ok || (integer && !Number.isInteger(value))) {
    const what = integer ? 'whole number' : 'number';
    throw new Error(
      `--${name} takes a ${zero ? 'non-negative' : 'positive'} ${what}, not ${JSON.stringify(text)}`,
    );
  }
  return value;
}

/**
 * The soak's settings from parseArgs' `values` (all strings): how long it runs (`--minutes`, default 10, or
 * `--seconds`, not both), how many users act at once (`--concurrency`), each user's pause between two calls
 * (`--think-ms`, ± half, at random), how often it reports (`--report-every` seconds) and how long the warm-up before
 * the first memory reading lasts (`--warm-up` seconds; by default a fifth of the run, at most 60 s; less than the
 * run). Throws an Error saying what is wrong.
 */
export function soakSettings(values) {
  if (values.minutes !== undefined && values.seconds !== undefined)
    throw new Error('give --minutes or --seconds, not both');
  const durationMs =
    values.seconds !== undefined
      ? positive('seconds', values.seconds) * 1000
      : positive('minutes', values.minutes ?? String(DEFAULTS.minutes)) * 60_000;
  const concurrency =
    values.concurrency === undefined
      ? DEFAULTS.concurrency
      : positive('concurrency', values.concurrency, { integer: true });
  const thinkMs =
    values['think-ms'] === undefined
      ? DEFAULTS.thinkMs
      : positive('think-ms', values['think-ms'], { zero: true });
  const reportEveryMs =
    (values['report-every'] === undefined
      ? DEFAULTS.reportEverySeconds
      : positive('report-every', values['report-every'])) * 1000;
  const warmUpMs =
    values['warm-up'] === undefined
      ? Math.min(60_000, Math.round(durationMs / 5))
      : positive('warm-up', values['warm-up'], { zero: true }) * 1000;
  if (warmUpMs >= durationMs) throw new Error('--warm-up must be shorter than the run');
  return { durationMs, concurrency, thinkMs, reportEveryMs, warmUpMs };
}

/** The `p`th percentile (0 < p ≤ 100) of figures sorted ascending, by nearest rank; null for none. */
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

const bump = (map, key, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/**
 * What happened to the calls of each kind (`catalogue`, `sign-in`, …): how many, their latencies (ms), the answers
 * by status and the calls that got no answer (network errors, timeouts) by what went wrong. Waits that are no calls
 * to the product (for a mail to arrive) are kept apart (`wait`), and so are journeys cut short (`problem`).
 */
export class Tally {
  constructor() {
    this.kinds = new Map();
    this.waits = new Map();
    this.problems = new Map();
  }

  #kind(kind) {
    let entry = this.kinds.get(kind);
    if (!entry) {
      entry = { latencies: [], statuses: new Map(), failures: new Map() };
      this.kinds.set(kind, entry);
    }
    return entry;
  }

  /** A call answered with `status` after `ms`. */
  answered(kind, status, ms) {
    const entry = this.#kind(kind);
    entry.latencies.push(ms);
    bump(entry.statuses, status);
  }

  /** A call that got no answer (`what`: an error code such as ECONNRESET, or TimeoutError) after `ms`. */
  failed(kind, what, ms) {
    const entry = this.#kind(kind);
    entry.latencies.push(ms);
    bump(entry.failures, what);
  }

  wait(kind, ms) {
    let list = this.waits.get(kind);
    if (!list) this.waits.set(kind, (list = []));
    list.push(ms);
  }

  problem(what) {
    bump(this.problems, what);
  }

  /** Every kind's figures, the kinds named in `order` first, in that order, then the others by name. */
  rows(order = []) {
    const rank = (kind) => (order.includes(kind) ? order.indexOf(kind) : order.length);
    const kinds = [...this.kinds].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
    return kinds.map(([kind, { latencies, statuses, failures }]) => {
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        kind,
        requests: latencies.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        statuses: new Map([...statuses].sort(([a], [b]) => a - b)),
        failures: new Map(failures),
      };
    });
  }

  /** All calls together: how many, by status class, each status of 4xx and 5xx, and the failures by what. */
  totals() {
    const totals = { requests: 0, byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }, statuses: new Map() };
    totals.failures = new Map();
    for (const { latencies, statuses, failures } of this.kinds.values()) {
      totals.requests += latencies.length;
      for (const [status, count] of statuses) {
        const group = `${Math.floor(status / 100)}xx`;
        if (group in totals.byClass) totals.byClass[group] += count;
        if (status >= 400) bump(totals.statuses, status, count);
      }
      for (const [what, count] of failures) bump(totals.failures, what, count);
    }
    totals.statuses = new Map([...totals.statuses].sort(([a], [b]) => a - b));
    totals.networkErrors = [...totals.failures.values()].reduce((sum, n) => sum + n, 0);
    totals.serverErrors = [...totals.statuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
    return totals;
  }
}

/**
 * Each process's median over readings (kB by name, as residentByName gives them): one reading can catch a process
 * just before its garbage collection, so a few seconds' worth are compared instead. A process gone in a reading (null)
 * is null.
 */
export function medianByName(readings) {
  const names = Object.keys(readings[0] ?? {});
  return Object.fromEntries(
    names.map((name) => {
      const values = readings.map((reading) => reading[name]);
      if (values.some((value) => value === null || value === undefined)) return [name, null];
      const sorted = [...values].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return [name, sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2];
    }),
  );
}

/**
 * Each process's growth in resident memory from `start` to `end` (kB by name), judged against
 * MEMORY_GROWTH_LIMIT_PERCENT only when the run lasted MEMORY_JUDGED_FROM_MS or more: `failed` names the processes
 * that grew too much (none when not judged).
 */
export function judgeMemory(start, end, durationMs) {
  const judged = durationMs >= MEMORY_JUDGED_FROM_MS;
  const rows = Object.keys(start).map((name) => {
    // a process gone at the end counts as grown without bound
    const growthPercent = end[name] === null ? Infinity : ((end[name] - start[name]) / start[name]) * 100;
    return {
      name,
      startKb: start[name],
      endKb: end[name],
      growthPercent,
      tooMuch: judged && growthPercent >= MEMORY_GROWTH_LIMIT_PERCENT,
    };
  });
  return { judged, rows, failed: rows.filter((row) => row.tooMuch).map((row) => row.name) };
}

/** Why the run failed (an empty list when it passed): 5xx answers, calls without an answer, memory growth. */
export function verdict(totals, memory) {
  const reasons = [];
  if (totals.serverErrors) reasons.push(`${totals.serverErrors} answers were 5xx`);
  if (totals.networkErrors)
    reasons.push(`${totals.networkErrors} calls got no answer (network errors or timeouts)`);
  for (const name of memory?.failed ?? [])
    reasons.push(`${name}'s memory grew by ${MEMORY_GROWTH_LIMIT_PERCENT} % or more`);
  return reasons;
}

const count = (n) => n.toLocaleString('en-US');
const ms = (value) => (value === null ? '-' : value < 10 ? value.toFixed(1) : String(Math.round(value)));
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;
const listed = (map) => [...map].map(([key, n]) => `${key}: ${count(n)}`).join(', ') || 'none';

/** The per-kind table: requests, req/s over `seconds`, p50/p99 (ms), answers by status, failures. */
export function kindTable(rows, seconds) {
  const header = `  ${'kind'.padEnd(20)} ${'requests'.padStart(9)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  statuses`;
  const lines = rows.map((row) => {
    const failures = row.failures.size ? `; no answer: ${listed(row.failures)}` : '';
    return (
      `  ${row.kind.padEnd(20)} ${count(row.requests).padStart(9)} ${(row.requests / seconds).toFixed(1).padStart(7)} ` +
      `${ms(row.p50).padStart(7)} ${ms(row.p99).padStart(7)}  ${listed(row.statuses)}${failures}`
    );
  });
  return [header, ...lines].join('\n');
}

/** One line of totals: requests, req/s, answers by class, every 4xx/5xx status, calls without an answer. */
export function totalsLine(totals, seconds) {
  const { byClass } = totals;
  const errors = [...totals.statuses].map(([s, n]) => `${s}: ${count(n)}`).join(', ');
  return (
    `${count(totals.requests)} requests, ${(totals.requests / seconds).toFixed(1)} req/s; ` +
    `2xx ${count(byClass['2xx'])}, 3xx ${count(byClass['3xx'])}, 4xx ${count(byClass['4xx'])}, ` +
    `5xx ${count(byClass['5xx'])}${errors ? ` (${errors})` : ''}; no answer ${count(totals.networkErrors)}` +
    (totals.failures.size ? ` (${listed(totals.failures)})` : '')
  );
}

/** Waits (e.g. for the code's mail) as `kind: n, p50 x ms, p99 y ms`. */
export function waitsLine(waits) {
  return [...waits]
    .map(([kind, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return `${kind}: ${count(list.length)}, p50 ${ms(percentile(sorted, 50))} ms, p99 ${ms(percentile(sorted, 99))} ms`;
    })
    .join('; ');
}

export const problemsLine = (problems) => listed(problems);

/** Resident memory of each process (kB by name) on one line. */
export function memoryLine(kbByName) {
  return Object.entries(kbByName)
    .map(([name, kb]) => `${name} ${kb === null ? 'gone' : mb(kb)}`)
    .join(', ');
}

/** The memory table: start, end, growth, and whether it was judged. */
export function memoryTable(memory) {
  const lines = memory.rows.map(
    (row) =>
      `  ${row.name.padEnd(14)} ${mb(row.startKb).padStart(10)} → ${(row.endKb === null ? 'gone' : mb(row.endKb)).padStart(10)}  ` +
      `${row.growthPercent >= 0 ? '+' : ''}${row.growthPercent.toFixed(1)} %${row.tooMuch ? '  ← too much' : ''}`,
  );
  const note = memory.judged
    ? `judged: growth of ${MEMORY_GROWTH_LIMIT_PERCENT} % or more fails the run`
    : `not judged: the run was shorter than ${MEMORY_JUDGED_FROM_MS / 60_000} minutes`;
  return [
    `  ${'process'.padEnd(14)} ${'after warm-up'.padStart(10)}   ${'end'.padStart(10)}  (${note})`,
    ...lines,
  ].join('\n');
}
