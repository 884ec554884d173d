// npm run soak: the whole stack under mixed traffic for a while (issue 11 point 4), to find what only time shows:
// errors under steady load, memory that keeps growing. It starts the stack as the browser benchmarks do
// (scripts/local/bench-stack.mjs: `npm start`'s processes on a fresh database, tullab_soak, ports 8080, 4001-4004,
// 9000, 1025 and 8025; run `npm run build` first), with TRUST_PROXY=loopback: this process plays the proxy and gives
// each person an address of their own (X-Forwarded-For), so per-address limits count as in production. Then
// `--concurrency` people at once (default 24), each pausing about `--think-ms` (100) between calls, visit again and
// again (scripts/soak/traffic.mjs): visitors browse the catalogue and offer texts, new students sign up and verify
// with the code mailed to their university address (read from the stack's mail catcher), returning students sign in,
// redeem offers and copy codes, staff sign in (password and TOTP) and read the lists of students, verifications,
// offers and failed jobs.
//   npm run soak                         10 minutes
//   npm run soak -- --minutes 30         or --seconds 90
//   npm run soak -- --report-every 60    a report every 60 s (default 30)
// Every report gives the calls per kind (requests, req/s, p50/p99 latency, answers by status, calls without an
// answer) and each service's resident memory (VmRSS). Memory is compared as each process's median of 5 readings
// over 8 s: right after the warm-up (`--warm-up` seconds, by default a fifth of the run, at most 60 s) and in the run's
// last 8 s, under the same load. Exits 1 when any answer was 5xx, when any call got no answer, or, on runs of 5
// minutes or more, when a process's memory grew by 15 % or more. 4xx answers (429 included) are counted by status and
// never fail the run.
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { URL } from 'node:url';
import { runBench } from './local/bench-stack.mjs';
import { LaunchError } from './local/failure.mjs';
import { deleteKeys } from './local/redis-keys.mjs';
import { GATEWAY_PORT } from './local/services.mjs';
import {
  judgeMemory,
  kindTable,
  medianByName,
  memoryLine,
  memoryTable,
  OPTIONS,
  problemsLine,
  soakSettings,
  Tally,
  totalsLine,
  USAGE,
  verdict,
  waitsLine,
} from './soak/figures.mjs';
import { residentByName } from './soak/memory.mjs';
import { KINDS, Traffic } from './soak/traffic.mjs';

const QUEUE_PREFIX = `soak${process.pid}`;
/** Memory is compared as each process's median over this many readings, this far apart (at the start and the end). */
const MEMORY_READINGS = 5;
const MEMORY_READING_EVERY_MS = 2000;

const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

await runBench('soak', { options: OPTIONS, usage: USAGE }, async ({ options, startStack, cleanup }) => {
  let settings;
  try {
    settings = soakSettings(options);
  } catch (err) {
    throw new LaunchError(`${err.message}\n${USAGE}`);
  }
  const { durationMs, concurrency, thinkMs, reportEveryMs, warmUpMs } = settings;
  let redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  // registered before the stack starts, so it runs after the services have stopped
  cleanup.add('the soak keys in Redis', () => deleteKeys(redisUrl, QUEUE_PREFIX));

  const cpus = os.cpus();
  const loadAverage = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  console.log(
    `soak on ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}, load average ` +
      `${loadAverage()}; ${clock(durationMs)} of traffic from ${concurrency} ` +
      `people pausing ~${thinkMs} ms between calls, a report every ${reportEveryMs / 1000} s, memory compared ` +
      `after ${warmUpMs / 1000} s of warm-up and at the end`,
  );
  const stack = await startStack({
    database: 'tullab_soak',
    env: { TRUST_PROXY: 'loopback', QUEUE_PREFIX },
    quietMail: true,
  });
  redisUrl = stack.redisUrl;
  const pids = stack.pids();
  console.log(
    `stack ready: ${Object.entries(pids)
      .map(([name, pid]) => `${name} ${pid}`)
      .join(', ')}`,
  );

  const total = new Tally();
  let interval = new Tally();
  // every call is counted twice: for the whole run and for the report it falls in
  const tally = {
    answered: (...args) => (total.answered(...args), interval.answered(...args)),
    failed: (...args) => (total.failed(...args), interval.failed(...args)),
    wait: (...args) => (total.wait(...args), interval.wait(...args)),
    problem: (...args) => (total.problem(...args), interval.problem(...args)),
  };
  const traffic = new Traffic({
    base: `http://127.0.0.1:${GATEWAY_PORT}`,
    origin: new URL(stack.url).origin,
    mailUrl: stack.mailUrl,
    admin: stack.admin,
    tally,
    thinkMs,
  });
  await traffic.prepare();
  let people = [];
  // on Ctrl-C the people stop before the stack does (runBench stops what was added last first)
  cleanup.add('the traffic', async () => {
    traffic.stop();
    await Promise.all(people);
  });

  const started = Date.now();
  let intervalStarted = started;
  people = Array.from({ length: concurrency }, () => traffic.person());

  /** Each process's median RSS over MEMORY_READINGS readings MEMORY_READING_EVERY_MS apart. */
  const memoryOverAWhile = async () => {
    const readings = [];
    for (let i = 0; i < MEMORY_READINGS; i++) {
      if (i) await sleep(MEMORY_READING_EVERY_MS);
      readings.push(await residentByName(stack.pids()));
    }
    return medianByName(readings);
  };
  const readingMs = (MEMORY_READINGS - 1) * MEMORY_READING_EVERY_MS;
  const startReading = sleep(warmUpMs)
    .then(memoryOverAWhile)
    .then((memory) => {
      console.log(
        `\n[${clock(Date.now() - started)}] after the warm-up, memory (RSS, median of ${MEMORY_READINGS} readings ` +
          `over ${readingMs / 1000} s): ${memoryLine(memory)}`,
      );
      return memory;
    });
  // the last readings end with the run, under the same load as the first
  const endReading = sleep(Math.max(0, durationMs - readingMs)).then(memoryOverAWhile);

  const report = async () => {
    const now = Date.now();
    const seconds = (now - intervalStarted) / 1000;
    const figures = interval;
    interval = new Tally();
    intervalStarted = now;
    const memory = await residentByName(stack.pids());
    console.log(
      `\n[${clock(now - started)} / ${clock(durationMs)}] last ${Math.round(seconds)} s: ` +
        `${totalsLine(figures.totals(), seconds)} (${total.totals().requests.toLocaleString('en-US')} in all)`,
    );
    console.log(kindTable(figures.rows(KINDS), seconds));
    if (figures.waits.size) console.log(`  waits: ${waitsLine(figures.waits)}`);
    if (figures.problems.size) console.log(`  journeys cut short: ${problemsLine(figures.problems)}`);
    console.log(`  memory (RSS): ${memoryLine(memory)}; active students so far: ${traffic.students.length}`);
  };
  const reports = setInterval(() => void report(), reportEveryMs);

  await sleep(durationMs);
  const [startMemory, endMemory] = await Promise.all([startReading, endReading]);
  clearInterval(reports);
  const seconds = (Date.now() - started) / 1000;
  traffic.stop();
  await Promise.all(people);

  const totals = total.totals();
  const memory = judgeMemory(startMemory, endMemory, durationMs);
  const reasons = verdict(totals, memory);
  console.log(
    `\n=== soak: ${clock(seconds * 1000)} of mixed traffic, ${concurrency} people, ${cpus.length} CPUs ` +
      `(load average now ${loadAverage()}) ===`,
  );
  console.log(`total: ${totalsLine(totals, seconds)}`);
  console.log(kindTable(total.rows(KINDS), seconds));
  if (total.waits.size) console.log(`waits: ${waitsLine(total.waits)}`);
  console.log(`journeys cut short: ${problemsLine(total.problems)}`);
  console.log(`students signed up: ${traffic.signUps}, verified: ${traffic.students.length}`);
  console.log(`memory (RSS), after the warm-up → at the end:\n${memoryTable(memory)}`);
  if (reasons.length) {
    console.log(`\nFAILED: ${reasons.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nPASSED: no 5xx, every call answered' + (memory.judged ? ', memory within bounds' : ''));
  }
});
