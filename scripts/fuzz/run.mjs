// The fuzz's run and its report: N hostile requests, `concurrency` at once, each drawn from its own seeded generator
// (request i of a seed is the same whatever order they are sent in), counted by status and by kind; every 5xx and
// every request without an answer is kept with the request, to be shown.
import { seeded } from './random.mjs';
import { hostileRequest } from './requests.mjs';
import { send } from './send.mjs';

export const USAGE =
  'usage: npm run fuzz -- [--requests N (10000)] [--seed S (tullab)] [--concurrency C (32)]\n' +
  '       sends N hostile requests through the gateway of a fresh stack; exits 1 on any 5xx or missing answer';

export const OPTIONS = {
  requests: { type: 'string', default: '10000' },
  seed: { type: 'string', default: 'tullab' },
  concurrency: { type: 'string', default: '32' },
};

/** The run's settings from the command line's `values`; throws on a bad one. */
export function fuzzSettings(values) {
  const whole = (name) => {
    const n = Number(values[name] ?? OPTIONS[name].default);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of at least 1`);
    return n;
  };
  return {
    requests: whole('requests'),
    seed: values.seed ?? OPTIONS.seed.default,
    concurrency: whole('concurrency'),
  };
}

/** The `requests` requests of `seed` for the stack described by `ctx` (see hostileRequest). */
export const requestAt = (seed, index, ctx) => hostileRequest(seeded(seed, index), ctx);

/** A failure is a 5xx or no answer at all: every hostile request deserves a 4xx (or a 2xx) and nothing else. */
export const isFailure = (status) => typeof status !== 'number' || status >= 500;

/**
 * Sends the run's requests to the gateway on `port`; resolves to `{ byStatus, byKind, failures, ms }`: counts by
 * status, counts by kind and status, and `{ index, status, request }` for each failure.
 */
export async function runFuzz({ port, ctx, seed, requests, concurrency, onProgress = () => {} }) {
  const byStatus = new Map();
  const byKind = new Map();
  const failures = [];
  const started = performance.now();
  let next = 0;
  let sent = 0;
  const worker = async () => {
    while (next < requests) {
      const index = next++;
      const request = requestAt(seed, index, ctx);
      const status = await send(port, request);
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      const kind = byKind.get(request.kind) ?? new Map();
      kind.set(status, (kind.get(status) ?? 0) + 1);
      byKind.set(request.kind, kind);
      if (isFailure(status)) failures.push({ index, status, request });
      if (++sent % 1000 === 0) onProgress(sent);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, requests) }, worker));
  failures.sort((a, b) => a.index - b.index);
  return { byStatus, byKind, failures, ms: performance.now() - started };
}

/** Text as a report shows it: printable, escaped, and cut at `max` characters. */
function shown(text, max) {
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length > max ? `${escaped.slice(0, max)}… (${text.length} characters)` : escaped;
}

/** A request as a failure shows it: enough to send it again by hand (or again with its seed and index). */
export function describeRequest({ index, status, request }, seed) {
  if (request.raw)
    return `#${index} (seed ${seed}) ${status} ${request.kind}: ${shown(request.raw.toString('latin1'), 400)}`;
  const headers = request.headers.map(([name, value]) => `    ${name}: ${shown(value, 200)}`).join('\n');
  const body = request.body ? `\n    body: ${shown(request.body.toString('latin1'), 300)}` : '';
  return `#${index} (seed ${seed}) ${status} ${request.kind}: ${request.method} ${shown(request.target, 300)}\n${headers}${body}`;
}

const sortedStatuses = (counts) =>
  [...counts].sort(([a], [b]) => String(a).localeCompare(String(b), 'en', { numeric: true }));

/** The report's lines: the totals, the counts by status and by kind, and every failure. */
export function reportLines({ byStatus, byKind, failures, ms }, { requests, seed }) {
  const fiveHundreds = failures.filter(({ status }) => typeof status === 'number').length;
  const lines = [
    `${requests} hostile requests (seed ${seed}) in ${(ms / 1000).toFixed(1)} s: ${fiveHundreds} × 5xx, ` +
      `${failures.length - fiveHundreds} without an answer`,
    `by status: ${sortedStatuses(byStatus)
      .map(([status, n]) => `${status} × ${n}`)
      .join(', ')}`,
    'by kind:',
    ...[...byKind].map(
      ([kind, counts]) =>
        `  ${kind.padEnd(20)} ${sortedStatuses(counts)
          .map(([status, n]) => `${status} × ${n}`)
          .join(', ')}`,
    ),
  ];
  if (failures.length)
    lines.push(`failures (${failures.length}):`, ...failures.map((f) => describeRequest(f, seed)));
  return lines;
}
