// npm run bench: the hot paths of the issue "Fast path", each as a ratio to a bare node:http server that sends the
// same bytes from this machine (the ceiling any Node server has for that answer), in one run:
//  1. GET /api/offers, the demo catalogue (30 offers), as a browser asks for it (Accept-Encoding: br, gzip).
//  2. GET /api/offers with 500 offers, the same way.
//  3. GET /api/auth/user, signed in.
//  4. POST /api/offers/:id/copy by many signed-in students behind one address (a campus network): accepted per
//     second, and how long after the load every accepted copy is counted (none lost, none twice).
// Identity, offers and the gateway run as their own processes, as in production; the load comes from this one.
// The browser figures (JavaScript transferred, Lighthouse) are `npm run bench:web`.
// Needs a build (npm run build) and PostgreSQL + Redis (DATABASE_URL/REDIS_URL, else localhost); object storage is a
// local S3 server started here. BENCH_SECONDS (default 10) sets each run's length, BENCH_CONNECTIONS (50) the load.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const { signIdentity } = require('@tullab/http');
const {
  dropSchema,
  freePort,
  getPostgresUrl,
  getRedisUrl,
  startS3Server,
  uniqueName,
} = require('@tullab/testing');
const { Client } = require('pg');
// the Redis client offers itself uses, to remove this run's queue keys at the end
const { Redis } = createRequire(new URL('../services/offers/package.json', import.meta.url))('ioredis');

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CATALOGUE_SIZE = 500;
/** students copying codes at once, all behind one address */
const STUDENTS = 200;
const WARM_UP_SECONDS = 3;
const ORIGIN = 'http://localhost:8080';
const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'application/json' };
const secret = 'bench-secret-'.padEnd(48, 'b');
const databaseUrl = await getPostgresUrl();
const redisUrl = await getRedisUrl();
const queuePrefix = uniqueName('bench');
const schemas = { identity: uniqueName('bench_identity'), offers: uniqueName('bench_offers') };
const [identityPort, offersPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  QUEUE_PREFIX: queuePrefix,
  INTERNAL_SECRET: secret,
  LOG_LEVEL: 'warn',
};
const children = [];
const cleanups = [];

function startProcess(name, port, extra) {
  const child = spawn(process.execPath, [`services/${name}/dist/main.js`], {
    env: { ...env, PORT: String(port), ...extra },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

async function ready(url) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} was not ready in 30 s`);
}

/** One autocannon run (`options` as autocannon takes them); every answer must be 2xx. */
function load(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx) return reject(new Error(`${title}: ${result.non2xx} answers were not 2xx`));
      if (result.errors || result.timeouts) {
        return reject(new Error(`${title}: ${result.errors} errors, ${result.timeouts} timeouts`));
      }
      resolve({
        title,
        rps: result.requests.average,
        p99: result.latency.p99,
        ok: result['2xx'],
        seconds: result.duration,
      });
    });
  });
}

/** The answer the gateway gives a browser, fetched once: its bytes as sent (still encoded) and headers. */
function answerAsSent(url, headers) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A node:http server answering every request with exactly these bytes and content headers. */
async function bareServer(answer) {
  const headers = {};
  for (const name of ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary']) {
    if (answer.headers[name]) headers[name] = answer.headers[name];
  }
  const server = createServer((_req, res) => res.writeHead(200, headers).end(answer.body));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${server.address().port}/`;
}

/** The path through the gateway against the bare server sending the same bytes, same load. */
async function versusBare(title, url, headers) {
  const sent = await answerAsSent(url, headers);
  if (sent.status !== 200) throw new Error(`${title}: ${sent.status} ${sent.body}`);
  const bareUrl = await bareServer(sent);
  await load('warm-up', { url, headers, duration: WARM_UP_SECONDS });
  const gateway = await load(title, { url, headers });
  const bare = await load('bare node:http', { url: bareUrl, headers });
  return {
    title,
    bytes: sent.body.length,
    encoding: sent.headers['content-encoding'] ?? 'none',
    gateway,
    bare,
    ratio: gateway.rps / bare.rps,
  };
}

/** Calls offers' staff API directly, signed as the gateway signs a staff member's call. */
function asStaff(path, body) {
  const staff = {
    userId: randomUUID(),
    role: 'staff',
    verificationStatus: 'none',
    sessionId: null,
    ip: '127.0.0.1',
  };
  return fetch(`http://127.0.0.1:${offersPort}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signIdentity(staff, secret, 'offers') },
    body: JSON.stringify(body),
  });
}

const categories = [
  'subscriptions',
  'Retail',
  'electronics',
  'fashion',
  'beauty',
  'entertainment',
  'services',
  'other',
];

/** Adds live offers through offers' staff API, a few at a time, until the catalogue holds `size`. */
async function growCatalogue(from, size) {
  const ids = [];
  const create = async (i) => {
    const res = await asStaff('/admin/offers', {
      title: `${10 + (i % 40)}% off for students`,
      brandName: `Bench Brand ${i}`,
      businessDescription: `Brand number ${i} of the benchmark catalogue, with an ordinary description.`,
      businessCategory: categories[i % categories.length],
      offerType: 'discount',
      discountType: 'percentage',
      discountValue: 10 + (i % 40),
      code: `BENCH${i}`,
      websiteLink: `https://brand-${i}.example`,
      discountRedemptionGuide: [
        { instruction: 'Copy the code' },
        { instruction: 'Shop online' },
        { instruction: 'Paste the code at checkout' },
      ],
      termsAndConditions:
        'Valid for verified students only. One use per student. Not combinable with other offers.',
      status: 'live',
    });
    if (res.status !== 201) throw new Error(`offer ${i} not created: ${res.status} ${await res.text()}`);
    ids.push((await res.json()).id);
  };
  for (let i = from; i < size; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, size - i) }, (_, j) => create(i + j)));
  }
  return ids;
}

/** Waits until the gateway's catalogue lists `size` offers (the change reaches it through the broadcast). */
async function catalogueHolds(gatewayUrl, size) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const offers = await (await fetch(`${gatewayUrl}/api/offers`)).json();
    if (offers.length === size) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the catalogue never held ${size} offers`);
}

/**
 * After the copy load: how long after `loadEnded` the worker had counted every accepted copy. autocannon does not
 * wait for the calls in flight when it stops, so offers may accept up to one per connection more than the 202s it
 * saw. Counted above that is a double count; below the 202s after 120 s is a loss; drained means stable for 1 s.
 */
async function drain(offerId, answered, loadEnded) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  // every call (decision 008): the 200 students copy many times each, and each counts once among the students
  const counterSql = `select coalesce(sum(code_copies_calls), 0)::int as n from "${schemas.offers}".offer_daily_stat
    where offer_id = $1`;
  try {
    let last = -1;
    let stableSince = null;
    for (;;) {
      const counted = (await db.query(counterSql, [offerId])).rows[0].n;
      if (counted > answered + CONNECTIONS)
        throw new Error(`${answered} copies accepted but ${counted} counted`);
      if (counted >= answered && counted === last) {
        stableSince ??= Date.now();
        if (Date.now() - stableSince >= 1000) return { counted, drainMs: stableSince - loadEnded };
      } else {
        stableSince = null;
      }
      last = counted;
      if (Date.now() - loadEnded > 120_000)
        throw new Error(`${counted} of ${answered} copies counted after 120 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await db.end();
  }
}

/** Removes this run's keys (queues with their completed jobs, rate-limit counters) from Redis. */
async function deleteQueueKeys() {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${queuePrefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

let addresses = 0;

/** A student registered through the gateway, from an address of its own (registrations are limited per address). */
async function registerStudent(gatewayUrl) {
  addresses += 1;
  const registered = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      'x-forwarded-for': `10.9.${addresses >> 8}.${addresses & 255}`,
    },
    body: JSON.stringify({
      email: `${uniqueName('bench')}@example.com`,
      password: 'benchmark passphrase 42',
      firstName: 'Bench',
      lastName: 'Mark',
      phone: '+971501234567',
      emailMarketing: false,
      whatsappMarketing: false,
      role: 'student',
    }),
  });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  return registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const row = (r) =>
  `  ${r.title.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms`;

function report(result, goal) {
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

try {
  console.log(`bench on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
  const s3 = await startS3Server();
  cleanups.push(() => s3.close());
  const identityUrl = `http://127.0.0.1:${identityPort}`;
  const offersUrl = `http://127.0.0.1:${offersPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  startProcess('identity', identityPort, { DB_SCHEMA: schemas.identity });
  startProcess('offers', offersPort, {
    DB_SCHEMA: schemas.offers,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_REGION: s3.region,
    SUPPORT_EMAIL: 'support@tullab.test',
    SEED_DEMO_OFFERS: 'true',
  });
  await Promise.all([ready(`${identityUrl}/readyz`), ready(`${offersUrl}/readyz`)]);
  // This process plays the proxy in front of the gateway: its X-Forwarded-For is the client's address (S35).
  startProcess('gateway', gatewayPort, {
    IDENTITY_URL: identityUrl,
    OFFERS_URL: offersUrl,
    TRUST_PROXY: 'loopback',
  });
  await ready(`${gatewayUrl}/api/healthz`);
  const demo = (await (await fetch(`${gatewayUrl}/api/offers`)).json()).length;

  // 1. the demo catalogue
  const catalogue = await versusBare(
    `GET /api/offers (${demo} demo offers)`,
    `${gatewayUrl}/api/offers`,
    BROWSER,
  );
  report(catalogue, { ratio: 0.6, p99: 25 });

  // 2. 500 offers
  await growCatalogue(demo, CATALOGUE_SIZE);
  await catalogueHolds(gatewayUrl, CATALOGUE_SIZE);
  const large = await versusBare(
    `GET /api/offers (${CATALOGUE_SIZE} offers)`,
    `${gatewayUrl}/api/offers`,
    BROWSER,
  );
  report(large, { ratio: 0.6, p99: 25 });

  // 3. the signed-in user
  const cookies = [];
  for (let i = 0; i < STUDENTS; i += 10)
    cookies.push(...(await Promise.all(Array.from({ length: 10 }, () => registerStudent(gatewayUrl)))));
  const user = await versusBare('GET /api/auth/user (signed in)', `${gatewayUrl}/api/auth/user`, {
    ...BROWSER,
    cookie: cookies[0],
  });
  report(user, { ratio: 0.4, p99: 50 });

  // 4. code copies from STUDENTS signed-in students behind one campus address, after a warm-up on another offer
  const [offerId, warmUpOfferId] = (await (await fetch(`${gatewayUrl}/api/offers`)).json()).map((o) => o.id);
  let next = 0;
  const copying = (id, options = {}) => ({
    url: `${gatewayUrl}/api/offers/${id}/copy`,
    method: 'POST',
    headers: {
      origin: ORIGIN,
      'content-type': 'application/json',
      'x-forwarded-for': '10.200.0.1',
    },
    body: JSON.stringify({ studentId: null }),
    requests: [
      {
        setupRequest: (req) => {
          next = (next + 1) % cookies.length;
          return { ...req, headers: { ...req.headers, cookie: cookies[next] } };
        },
      },
    ],
    ...options,
  });
  await load('warm-up', copying(warmUpOfferId, { duration: WARM_UP_SECONDS }));
  const copies = await load('copy via gateway', copying(offerId));
  const { counted, drainMs } = await drain(offerId, copies.ok, Date.now());
  console.log(
    `\nPOST /api/offers/:id/copy: ${STUDENTS} signed-in students behind one address, ${CONNECTIONS} connections, ` +
      `${DURATION} s`,
  );
  console.log(row(copies));
  console.log(
    `  ${copies.ok} accepted (202) and ${counted} counted, each once (the rest were in flight when the load stopped), ` +
      `all counted ${(drainMs / 1000).toFixed(1)} s after the load ended   (goal: ≥ 3000 accepted/s, 0 lost, ` +
      `counted ≤ 2 s after)`,
  );

  console.log('\nsummary (ratio to a bare node:http server sending the same bytes)');
  for (const r of [catalogue, large, user])
    console.log(`  ${r.title.padEnd(34)} ${r.ratio.toFixed(2)} ×   p99 ${r.gateway.p99} ms`);
  console.log(
    `  ${'POST /api/offers/:id/copy'.padEnd(34)} ${copies.rps.toFixed(0)} accepted/s, counted ` +
      `${(drainMs / 1000).toFixed(1)} s after`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r)))));
  for (const cleanup of cleanups) await cleanup();
  for (const schema of Object.values(schemas)) await dropSchema(databaseUrl, schema);
  await deleteQueueKeys();
}
