// A load of `npm run bench` whose requests can each be sent only once (an authorization code, a redemption token):
// autocannon sends a fixed number of requests (`amount`), one per prepared item, taken in the order the items were
// made, so none runs out and none is sent twice. autocannon's own rate is the mean of its per-second counts, which
// takes the last, partial second for a whole one; here the rate is the answers over the time from the start to the
// last answer. p99 is autocannon's.
import { load } from './load.mjs';

/** Whether an answer passes `check`; one it cannot read (not JSON, say) does not. */
function passes(check, status, body) {
  try {
    return check(status, body);
  } catch {
    return false;
  }
}

/**
 * One request per item of `items`: `request(item)` adds its body and headers to `options` (autocannon's, without a
 * duration); every answer must be 2xx and pass `check(status, body)`. Resolves with the load's figures, as `load`.
 */
export async function eachOnce(title, options, items, { request, check }) {
  let next = 0;
  let failed = 0;
  let lastAnswer = 0;
  const started = performance.now();
  const result = await load(title, {
    ...options,
    amount: items.length,
    requests: [
      {
        setupRequest: (req) => {
          const { headers, ...rest } = request(items[next++]);
          return { ...req, ...rest, headers: { ...req.headers, ...headers } };
        },
        onResponse: (status, body) => {
          lastAnswer = performance.now();
          if (!passes(check, status, body)) failed += 1;
        },
      },
    ],
  });
  if (failed) throw new Error(`${title}: ${failed} of ${result.ok} answers failed the check`);
  if (result.ok !== items.length)
    throw new Error(`${title}: ${result.ok} answers for ${items.length} requests`);
  const seconds = (lastAnswer - started) / 1000;
  return { ...result, rps: result.ok / seconds, seconds };
}
