// Tests of the soak's pure parts (`node --test`, run by `npm run test:scripts`): its settings, percentiles, what it
// counts, the memory judgement and the verdict, the cookie jar and the reading of /proc/<pid>/status.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applySetCookies } from './browser.mjs';
import {
  judgeMemory,
  medianByName,
  MEMORY_JUDGED_FROM_MS,
  percentile,
  soakSettings,
  Tally,
  verdict,
} from './figures.mjs';
import { rssOfStatus } from './memory.mjs';

describe('soakSettings', () => {
  test('10 minutes, 24 people, 100 ms pauses, a report every 30 s and a 60 s warm-up by default', () => {
    assert.deepEqual(soakSettings({}), {
      durationMs: 600_000,
      concurrency: 24,
      thinkMs: 100,
      reportEveryMs: 30_000,
      warmUpMs: 60_000,
    });
  });

  test('--minutes or --seconds set the length; the warm-up is a fifth of a short run', () => {
    assert.equal(soakSettings({ minutes: '2.5' }).durationMs, 150_000);
    assert.deepEqual(
      soakSettings({
        seconds: '90',
        concurrency: '8',
        'think-ms': '0',
        'report-every': '10',
        'warm-up': '5',
      }),
      { durationMs: 90_000, concurrency: 8, thinkMs: 0, reportEveryMs: 10_000, warmUpMs: 5_000 },
    );
    assert.equal(soakSettings({ seconds: '90' }).warmUpMs, 18_000);
  });

  test('refuses both lengths, bad numbers and a warm-up as long as the run', () => {
    assert.throws(() => soakSettings({ minutes: '1', seconds: '60' }), /--minutes or --seconds, not both/);
    assert.throws(() => soakSettings({ minutes: 'ten' }), /--minutes takes a positive number/);
    assert.throws(() => soakSettings({ seconds: '0' }), /--seconds takes a positive number/);
    assert.throws(() => soakSettings({ concurrency: '2.5' }), /--concurrency takes a positive whole number/);
    assert.throws(() => soakSettings({ 'think-ms': '-1' }), /--think-ms takes a non-negative number/);
    assert.throws(() => soakSettings({ seconds: '30', 'warm-up': '30' }), /--warm-up must be shorter/);
  });
});

describe('percentile', () => {
  test('by nearest rank over sorted figures; null for none', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    assert.equal(percentile(sorted, 50), 50);
    assert.equal(percentile(sorted, 99), 99);
    assert.equal(percentile(sorted, 100), 100);
    assert.equal(percentile([7], 99), 7);
    assert.equal(percentile([1, 2, 3], 50), 2);
    assert.equal(percentile([1, 2, 3, 4], 50), 2);
    assert.equal(percentile([], 50), null);
  });
});

describe('Tally', () => {
  test('counts answers by kind and status, calls without an answer by what went wrong, and totals them', () => {
    const tally = new Tally();
    for (const ms of [1, 2, 3, 4]) tally.answered('catalogue', 200, ms);
    tally.answered('catalogue', 304, 1);
    tally.answered('sign-in', 429, 5);
    tally.answered('redeem', 409, 6);
    tally.answered('redeem', 502, 7);
    tally.failed('redeem', 'ECONNRESET', 8);
    tally.wait('code mail', 1500);
    tally.problem('sign-in answered 429');
    tally.problem('sign-in answered 429');

    assert.deepEqual(
      tally.rows(['sign-in']).map((row) => row.kind),
      ['sign-in', 'catalogue', 'redeem'],
    );
    const [catalogue, redeem, signIn] = tally.rows();
    assert.deepEqual(
      { ...catalogue, statuses: [...catalogue.statuses] },
      {
        kind: 'catalogue',
        requests: 5,
        p50: 2,
        p99: 4,
        statuses: [
          [200, 4],
          [304, 1],
        ],
        failures: new Map(),
      },
    );
    assert.equal(signIn.requests, 1);
    assert.deepEqual([...redeem.failures], [['ECONNRESET', 1]]);
    assert.equal(redeem.requests, 3);

    const totals = tally.totals();
    assert.equal(totals.requests, 9);
    assert.deepEqual(totals.byClass, { '2xx': 4, '3xx': 1, '4xx': 2, '5xx': 1 });
    assert.deepEqual(
      [...totals.statuses],
      [
        [409, 1],
        [429, 1],
        [502, 1],
      ],
    );
    assert.equal(totals.networkErrors, 1);
    assert.equal(totals.serverErrors, 1);
    assert.deepEqual([...tally.problems], [['sign-in answered 429', 2]]);
  });
});

describe('judgeMemory and verdict', () => {
  const start = { gateway: 100_000, offers: 200_000 };

  test('growth in % per process; 15 % or more fails a run of 5 minutes or more', () => {
    const memory = judgeMemory(start, { gateway: 114_900, offers: 230_000 }, MEMORY_JUDGED_FROM_MS);
    assert.equal(memory.judged, true);
    assert.deepEqual(
      memory.rows.map((row) => [row.name, Number(row.growthPercent.toFixed(1)), row.tooMuch]),
      [
        ['gateway', 14.9, false],
        ['offers', 15, true],
      ],
    );
    assert.deepEqual(memory.failed, ['offers']);
  });

  test('readings are compared by their median per process; a process gone in one is null, and counts as grown', () => {
    const readings = [
      { gateway: 100, offers: 5 },
      { gateway: 300, offers: 7 },
      { gateway: 200, offers: null },
    ];
    assert.deepEqual(medianByName(readings), { gateway: 200, offers: null });
    assert.deepEqual(medianByName(readings.slice(0, 2)), { gateway: 200, offers: 6 });
    const memory = judgeMemory({ offers: 100 }, { offers: null }, MEMORY_JUDGED_FROM_MS);
    assert.deepEqual(memory.failed, ['offers']);
  });

  test('a shorter run is not judged, however much memory grew; shrinking is fine', () => {
    const memory = judgeMemory(start, { gateway: 300_000, offers: 150_000 }, MEMORY_JUDGED_FROM_MS - 1);
    assert.equal(memory.judged, false);
    assert.deepEqual(memory.failed, []);
    assert.equal(memory.rows[1].growthPercent, -25);
  });

  test('the run fails on any 5xx, any call without an answer, and memory growth; 4xx never fail it', () => {
    const quiet = { serverErrors: 0, networkErrors: 0 };
    assert.deepEqual(verdict(quiet, { failed: [] }), []);
    assert.deepEqual(verdict({ serverErrors: 2, networkErrors: 1 }, { failed: ['offers'] }), [
      '2 answers were 5xx',
      '1 calls got no answer (network errors or timeouts)',
      "offers's memory grew by 15 % or more",
    ]);
  });
});

describe('the cookie jar', () => {
  test('keeps what the gateway sets and forgets cookies it clears or lets expire', () => {
    const jar = applySetCookies(new Map([['old', '1']]), [
      'sid=abc; Path=/; HttpOnly; SameSite=Lax',
      'mfa=xyz; Path=/api/auth; Max-Age=300',
    ]);
    assert.deepEqual(
      [...jar],
      [
        ['old', '1'],
        ['sid', 'abc'],
        ['mfa', 'xyz'],
      ],
    );
    applySetCookies(jar, ['mfa=; Path=/api/auth; Max-Age=0', 'old=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    assert.deepEqual([...jar], [['sid', 'abc']]);
  });
});

test('rssOfStatus reads VmRSS in kB from /proc/<pid>/status', () => {
  assert.equal(rssOfStatus('Name:\tnode\nVmPeak:\t 999 kB\nVmRSS:\t   81234 kB\nThreads:\t11\n'), 81234);
  assert.equal(rssOfStatus('Name:\tkthreadd\nThreads:\t1\n'), null);
});
