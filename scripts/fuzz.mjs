// npm run fuzz: hostile requests through the gateway of a fresh stack, across the public API (issue 28, T28):
// oversized and malformed paths, ids and query strings, bad, huge and deeply nested JSON, wrong content types,
// invalid UTF-8, odd methods, overlong headers and cookies, broken HTTP, and tracking calls of every malformed kind
// mixed with good ones, many at once. Every one must get its own answer, and no answer may be a 5xx.
//   npm run fuzz                                   10,000 requests, seed "tullab", 32 at once
//   npm run fuzz -- --requests 1000 --seed other --concurrency 8
// The requests are drawn from the seed (scripts/fuzz/requests.mjs), so a run repeats request for request. It starts
// the stack as the soak does (scripts/local/bench-stack.mjs: `npm start`'s processes on a fresh database,
// tullab_fuzz, ports 8080, 4001-4004, 9000, 1025 and 8025; run `npm run build` first), with TRUST_PROXY=loopback so
// that each request comes from an address of its own (rate limits stay out of the way), signs a student up and staff
// in (their cookies go with some requests), then prints the counts by status and by kind and every 5xx with its
// request. Exits 1 on any 5xx or request without an answer.
import { URL } from 'node:url';
import { signInStaff, signUp, browser } from './faults/traffic.mjs';
import { runBench } from './local/bench-stack.mjs';
import { LaunchError } from './local/failure.mjs';
import { deleteKeys } from './local/redis-keys.mjs';
import { GATEWAY_PORT } from './local/services.mjs';
import { fuzzSettings, OPTIONS, reportLines, runFuzz, USAGE } from './fuzz/run.mjs';

const QUEUE_PREFIX = `fuzz${process.pid}`;

const cookieOf = (client) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

await runBench('fuzz', { options: OPTIONS, usage: USAGE }, async ({ options, startStack, cleanup }) => {
  let settings;
  try {
    settings = fuzzSettings(options);
  } catch (err) {
    throw new LaunchError(`${err.message}\n${USAGE}`);
  }
  let redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  cleanup.add('the fuzz keys in Redis', () => deleteKeys(redisUrl, QUEUE_PREFIX));
  const stack = await startStack({
    database: 'tullab_fuzz',
    env: { TRUST_PROXY: 'loopback', QUEUE_PREFIX },
    quietMail: true,
  });
  redisUrl = stack.redisUrl;
  const base = `http://127.0.0.1:${GATEWAY_PORT}`;
  const [offer] = (await (await fetch(`${base}/api/offers`)).json()) ?? [];
  if (!offer) throw new Error('fuzz: the demo catalogue has no offer');
  const student = browser(base);
  const signedUp = await signUp(student);
  if (signedUp.answer.status >= 300) throw new Error(`fuzz: sign-up answered ${signedUp.answer.status}`);
  const staff = await signInStaff(base, { ...stack.admin });
  const ctx = {
    origin: new URL(stack.url).origin,
    offerId: offer.id,
    cookies: { student: cookieOf(student), staff: cookieOf(staff) },
  };
  console.log(
    `fuzz: ${settings.requests} hostile requests, seed ${settings.seed}, ${settings.concurrency} at once`,
  );
  const result = await runFuzz({
    port: GATEWAY_PORT,
    ctx,
    ...settings,
    onProgress: (sent) => console.log(`  ${sent} sent`),
  });
  for (const line of reportLines(result, settings)) console.log(line);
  if (result.failures.length) process.exitCode = 1;
});
