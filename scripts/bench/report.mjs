// What `npm run bench` prints: each path's figures against the bare server and its goal, the code copies, the
// "Verify with Tullab" calls, and the closing summary.
import { CONNECTIONS, DURATION, STUDENTS } from './settings.mjs';

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const row = (r) =>
  `  ${r.title.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A path through the gateway against the bare server (a `versusBare` result), with its `{ ratio, p99 }` goal. */
export function reportVersusBare(result, goal) {
  console.log(
    `\n${result.title}: ${kB(result.bytes)} as sent (${result.encoding}), ${CONNECTIONS} connections`,
  );
  console.log(row(result.gateway));
  console.log(row(result.bare));
  console.log(
    `  ratio ${result.ratio.toFixed(2)} × bare, p99 ${result.gateway.p99} ms   (goal: ≥ ${goal.ratio} × bare, ` +
      `p99 ≤ ${goal.p99} ms)`,
  );
}

/** The code copies (a `benchCopies` result). */
export function reportCopies({ copies, counted, drainMs }) {
  console.log(
    `\nPOST /api/offers/:id/copy: ${STUDENTS} signed-in students behind one address, ${CONNECTIONS} connections, ` +
      `${DURATION} s`,
  );
  console.log(row(copies));
  console.log(
    `  ${copies.ok} accepted (202) and ${counted} counted, each once (the rest were in flight when the load stopped), ` +
      `all counted ${seconds(drainMs)} after the load ended   (goal: ≥ 3000 accepted/s, 0 lost, ` +
      `counted ≤ 2 s after)`,
  );
}

/**
 * A "Verify with Tullab" call (a `benchConnect` result's `tokens` or `redemptions`, which say what was sent and what
 * every answer was checked for), with its `{ rps, p99 }` goal.
 */
export function reportConnect(result, goal) {
  console.log(
    `\n${result.path}: ${result.sent}, ${CONNECTIONS} connections, ${result.ok} requests in ` +
      `${seconds(result.seconds * 1000)}`,
  );
  console.log(row(result));
  console.log(`  every answer ${result.checked}   (goal: ≥ ${goal.rps} req/s, p99 ≤ ${goal.p99} ms)`);
}

/** The summary: each `versusBare` result's ratio, then the copies, then the "Verify with Tullab" calls. */
export function reportSummary(versus, { copies, drainMs }, connect = []) {
  console.log('\nsummary (ratio to a bare node:http server sending the same bytes)');
  for (const r of versus)
    console.log(`  ${r.title.padEnd(34)} ${r.ratio.toFixed(2)} ×   p99 ${r.gateway.p99} ms`);
  console.log(
    `  ${'POST /api/offers/:id/copy'.padEnd(34)} ${copies.rps.toFixed(0)} accepted/s, counted ` +
      `${seconds(drainMs)} after`,
  );
  for (const r of connect) console.log(`  ${r.path.padEnd(34)} ${r.rps.toFixed(0)} req/s   p99 ${r.p99} ms`);
}
