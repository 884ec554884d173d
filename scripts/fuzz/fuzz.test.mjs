// `npm run fuzz` in `npm test` (run by `npm run test:scripts`): its pure parts, then a run of 1,000 hostile requests
// through a fresh stack, which must give no 5xx and leave no request without an answer (T28 in docs/security.md).
// The full run is 10,000 requests (`npm run fuzz`; its last figure is in docs/reliability.md).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, test } from 'node:test';
import { fileURLToPath, URL } from 'node:url';
import { fuzzSettings, isFailure, reportLines, requestAt } from './run.mjs';
import { bytesOf } from './send.mjs';

const CTX = {
  origin: 'http://localhost:8080',
  offerId: '7d8e1a52-6a4f-4a32-9c39-3c1d4b5e6f70',
  cookies: { student: 'sid=student', staff: 'sid=staff' },
};
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('the fuzz’s requests', () => {
  test('the same seed gives the same requests, byte for byte, whatever the order; another seed others', () => {
    const bytes = (seed, index) => bytesOf(requestAt(seed, index, CTX), 'localhost:8080').toString('base64');
    const forwards = Array.from({ length: 200 }, (_, i) => bytes('s', i));
    const backwards = Array.from({ length: 200 }, (_, i) => bytes('s', 199 - i)).reverse();
    assert.deepEqual(forwards, backwards);
    assert.notDeepEqual(
      forwards,
      Array.from({ length: 200 }, (_, i) => bytes('t', i)),
    );
  });

  test('every kind is drawn, tracking calls most, good ones among the hostile', () => {
    const kinds = new Map();
    for (let i = 0; i < 2000; i++) {
      const { kind } = requestAt('tullab', i, CTX);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    assert.deepEqual([...kinds.keys()].sort(), [
      'JSON body',
      'broken HTTP',
      'content type',
      'headers and cookies',
      'method',
      'path and query',
      'tracking (good)',
      'tracking (hostile)',
    ]);
    assert.ok(kinds.get('tracking (good)') > 100);
  });

  test('settings: 10,000 requests, seed tullab, 32 at once by default; a bad number is refused', () => {
    assert.deepEqual(fuzzSettings({}), { requests: 10_000, seed: 'tullab', concurrency: 32 });
    assert.equal(fuzzSettings({ requests: '1000' }).requests, 1000);
    assert.throws(() => fuzzSettings({ requests: '0' }), /--requests/);
    assert.throws(() => fuzzSettings({ concurrency: 'many' }), /--concurrency/);
  });

  test('a 5xx or no answer is a failure, and the report shows it with its request', () => {
    assert.deepEqual([200, 404, 431, 500, 502, 'no answer: ECONNRESET'].map(isFailure), [
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    const request = requestAt('tullab', 3, CTX);
    const lines = reportLines(
      {
        byStatus: new Map([
          [202, 1],
          [502, 1],
        ]),
        byKind: new Map([[request.kind, new Map([[502, 1]])]]),
        failures: [{ index: 3, status: 502, request }],
        ms: 1500,
      },
      { requests: 2, seed: 'tullab' },
    );
    assert.match(lines[0], /^2 hostile requests \(seed tullab\) in 1\.5 s: 1 × 5xx, 0 without an answer$/);
    assert.equal(lines[1], 'by status: 202 × 1, 502 × 1');
    assert.match(lines.at(-1), /^#3 \(seed tullab\) 502 /);
  });
});

describe('npm run fuzz -- --requests 1000', () => {
  test(
    '1,000 hostile requests through a fresh stack: no 5xx, every one answered',
    { timeout: 240_000 },
    async () => {
      const child = spawn(process.execPath, ['scripts/fuzz.mjs', '--requests', '1000'], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      const report = output.split('\n').filter((line) => /hostile requests|^by status|^#\d/.test(line));
      assert.equal(code, 0, `the fuzz failed:\n${report.join('\n') || output.slice(-4000)}`);
      assert.match(output, /1000 hostile requests \(seed tullab\) in [\d.]+ s: 0 × 5xx, 0 without an answer/);
    },
  );
});
