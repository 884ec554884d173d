// npm run bench: the hot paths behind the gateway, each next to what it is compared with.
//  1. GET /api/auth/user through the gateway vs directly against identity (each gateway request also resolves the
//     session with identity).
//  2. GET /api/offers with 500 live offers, at 50 connections: through the gateway, directly against offers, and a
//     bare node:http server answering the same bytes (the floor any Node server has for that body); their ratios.
//  3. POST /api/offers/:id/copy through the gateway: the sustained rate, and how long the offers worker then takes to
//     drain (every accepted copy counted once in the offer's daily counter).
// Identity, offers and the gateway run as their own processes (as in production); the load comes from this one.
// Needs a build (npm run build) and PostgreSQL + Redis (DATABASE_URL/REDIS_URL, else localhost); object storage is a
// local S3 server started here. BENCH_SECONDS (default 10) sets each run's length.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
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
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** the figure for the catalogue */
const CATALOGUE_CONNECTIONS = 50;
const CATALOGUE_SIZE = 500;
const WARM_UP_SECONDS = 3;
const ORIGIN = 'http://localhost:8080';
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

const row = (r) =>
  `${r.title.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms`;

const ratio = (a, b) =>
  `${a.title} / ${b.title}: ${(a.rps / b.rps).toFixed(2)} of the throughput, ` +
  `${(a.p99 / Math.max(b.p99, 1)).toFixed(2)}× the p99`;

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
    headers: { 'content-type': 'application/json', ...signIdentity(staff, secret) },
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

/** The catalogue: CATALOGUE_SIZE live offers through offers' staff API, a few at a time. */
async function createCatalogue() {
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
  for (let i = 0; i < CATALOGUE_SIZE; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, CATALOGUE_SIZE - i) }, (_, j) => create(i + j)));
  }
  return ids;
}

/** A node:http server answering every request with the catalogue's bytes and headers, as offers sent them. */
async function bareServer(catalogue) {
  const headers = {
    'content-type': catalogue.headers.get('content-type'),
    etag: catalogue.headers.get('etag'),
    'cache-control': catalogue.headers.get('cache-control'),
  };
  const body = Buffer.from(await catalogue.arrayBuffer());
  const server = createServer((_req, res) => res.writeHead(200, headers).end(body));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${server.address().port}/offers`, bytes: body.length };
}

/**
 * After the copy load: how many copies offers accepted and how long after `loadEnded` the worker had counted every one
 * of them. autocannon does not wait for the calls in flight when it stops, so offers may accept a few more than the
 * 202s it saw: the outbox rows are what was accepted. A row is committed before the worker can see it, so a counter
 * above the rows read after it is a double count; drained means equal, and still equal a second later.
 */
async function drain(offerId, answered, loadEnded) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const count = async (sql) => (await db.query(sql, [offerId])).rows[0].n;
  const counterSql = `select coalesce(sum(code_copies), 0)::int as n from "${schemas.offers}".offer_daily_stat
    where offer_id = $1`;
  const outboxSql = `select count(*)::int as n from "${schemas.offers}".outbox
    where name = 'offer.code_copied' and payload->>'offerId' = $1`;
  try {
    let drainedAt = null;
    for (;;) {
      const counted = await count(counterSql);
      const accepted = await count(outboxSql);
      if (counted > accepted) throw new Error(`${accepted} accepted copies counted ${counted} times`);
      if (accepted > answered + CONNECTIONS)
        throw new Error(`${answered} answered 202 but ${accepted} accepted`);
      if (counted === accepted && accepted >= answered) {
        drainedAt ??= Date.now();
        if (Date.now() - drainedAt >= 1000) return { accepted, drainMs: drainedAt - loadEnded };
      } else {
        drainedAt = null;
      }
      if (Date.now() - loadEnded > 120_000)
        throw new Error(`${counted} of ${accepted} copies counted after 120 s`);
      await new Promise((r) => setTimeout(r, 100));
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

async function registerStudent(gatewayUrl) {
  const registered = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
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
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = await registered.json();
  return { cookie, user };
}

try {
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
  });
  await Promise.all([ready(`${identityUrl}/readyz`), ready(`${offersUrl}/readyz`)]);
  // This process plays the proxy in front of the gateway: its X-Forwarded-For is the client's address (S35), so the
  // copy calls can come from many addresses, as they do in production, instead of meeting the per-address limit.
  startProcess('gateway', gatewayPort, {
    IDENTITY_URL: identityUrl,
    OFFERS_URL: offersUrl,
    TRUST_PROXY: 'loopback',
  });
  await ready(`${gatewayUrl}/api/healthz`);

  const { cookie, user } = await registerStudent(gatewayUrl);
  const caller = {
    userId: user.id,
    role: 'student',
    verificationStatus: 'none',
    sessionId: null,
    ip: '127.0.0.1',
  };
  const hourLong = (identity) => signIdentity(identity, secret, Date.now() + 3_600_000);

  // 1. the session check every signed-in request pays
  await load('warm-up', {
    url: `${gatewayUrl}/api/auth/user`,
    headers: { cookie },
    duration: WARM_UP_SECONDS,
  });
  const viaGateway = await load('gateway → identity', {
    url: `${gatewayUrl}/api/auth/user`,
    headers: { cookie },
  });
  const direct = await load('identity directly', {
    url: `${identityUrl}/auth/user`,
    headers: hourLong(caller),
  });
  console.log(
    `\nGET /api/auth/user, ${CONNECTIONS} connections, ${DURATION} s each (each gateway request also resolves the session with identity)`,
  );
  for (const r of [viaGateway, direct]) console.log(row(r));
  console.log(ratio(viaGateway, direct));

  // 2. the public catalogue
  const offerIds = await createCatalogue();
  const visitor = hourLong({ ...caller, userId: null, role: null });
  const catalogue = await fetch(`${offersUrl}/offers`, { headers: visitor });
  if (!catalogue.ok) throw new Error(`GET /offers answered ${catalogue.status}`);
  const bare = await bareServer(catalogue);
  const many = { connections: CATALOGUE_CONNECTIONS };
  await load('warm-up', { url: `${gatewayUrl}/api/offers`, ...many, duration: WARM_UP_SECONDS });
  const offersViaGateway = await load('gateway → offers', { url: `${gatewayUrl}/api/offers`, ...many });
  const offersDirect = await load('offers directly', {
    url: `${offersUrl}/offers`,
    headers: visitor,
    ...many,
  });
  const bareServed = await load('bare node:http', { url: bare.url, ...many });
  console.log(
    `\nGET /api/offers as a visitor, ${CATALOGUE_SIZE} live offers (${(bare.bytes / 1024).toFixed(0)} kB of JSON), ` +
      `${CATALOGUE_CONNECTIONS} connections, ${DURATION} s each`,
  );
  for (const r of [offersViaGateway, offersDirect, bareServed]) console.log(row(r));
  console.log(ratio(offersViaGateway, bareServed));
  console.log(ratio(offersDirect, bareServed));
  console.log(ratio(offersViaGateway, offersDirect));

  // 3. code copies: 202 once the event is in offers' outbox; the worker counts them afterwards
  let address = 0;
  const copyOffer = offerIds[0];
  const copies = await load('copy via gateway', {
    url: `${gatewayUrl}/api/offers/${copyOffer}/copy`,
    method: 'POST',
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ studentId: null }),
    requests: [
      {
        setupRequest: (req) => {
          address += 1;
          const forwardedFor = `10.${address >> 16}.${(address >> 8) & 255}.${address & 255}`;
          return { ...req, headers: { ...req.headers, 'x-forwarded-for': forwardedFor } };
        },
      },
    ],
  });
  const { accepted, drainMs } = await drain(copyOffer, copies.ok, Date.now());
  console.log(
    `\nPOST /api/offers/:id/copy as a signed-in student, ${CONNECTIONS} connections, ${DURATION} s, each call from an address of its own`,
  );
  console.log(row(copies));
  console.log(
    `worker drain: all ${accepted} accepted copies (${copies.ok} answers seen before the load stopped) ` +
      `counted once, ${(drainMs / 1000).toFixed(1)} s after the load ended ` +
      `(${(accepted / (copies.seconds + drainMs / 1000)).toFixed(0)} events/s from the first call to the last count)`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r)))));
  for (const cleanup of cleanups) await cleanup();
  for (const schema of Object.values(schemas)) await dropSchema(databaseUrl, schema);
  await deleteQueueKeys();
}
