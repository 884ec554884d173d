// Adds up jest's "Tests:" lines, node:test's spec-reporter counts ("ℹ pass 9", "ℹ fail 0") and Playwright's closing
// counts ("  12 passed (1.9m)", "  1 failed") from a test log and prints one closing line: "tests: N passed, N failed".
import { readFileSync } from 'node:fs';

const log = readFileSync(process.argv[2], 'utf8');
let passed = 0;
let failed = 0;
let skipped = 0;
const add = (counts) => {
  passed += Number(/(\d+) passed/.exec(counts)?.[1] ?? 0);
  failed += Number(/(\d+) failed/.exec(counts)?.[1] ?? 0);
  skipped += Number(/(\d+) skipped/.exec(counts)?.[1] ?? 0);
};
for (const [, counts] of log.matchAll(/^(?:.*:\s)?Tests:\s+(.*)$/gm)) add(counts);
for (const [line] of log.matchAll(/^ {2}\d+ (?:passed|failed|skipped|flaky)(?: \(.*\))?$/gm)) add(line);
const nodeTestCounts = { pass: 'passed', fail: 'failed', skipped: 'skipped' };
for (const [, kind, count] of log.matchAll(/^ℹ (pass|fail|skipped) (\d+)$/gm))
  add(`${count} ${nodeTestCounts[kind]}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
