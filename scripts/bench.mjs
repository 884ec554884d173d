// npm run bench: the hot paths of the issue "Fast path", each as a ratio to a bare node:http server that sends the
// same bytes from this machine (the ceiling any Node server has for that answer), in one run:
//  1. GET /api/offers, the demo catalogue (30 offers), as a browser asks for it (Accept-Encoding: br, gzip).
//  2. GET /api/offers with 500 offers, the same way.
//  3. GET /api/auth/user, signed in.
//  4. POST /api/offers/:id/copy by many signed-in students behind one address (a campus network): accepted per
//     second, and how long after the load every accepted copy is counted (none lost, none twice).
//  5. POST /oidc/token, Verify with Tullab's token endpoint (issue 30 "Speed"): a brand's server exchanges a verified
//     student's authorization code (PKCE) for an ID token with a redemption token; requests per second and p99.
//  6. POST /api/connect/redemptions: the brand's server redeems a redemption token with its app's credentials.
//     Codes and redemption tokens are used once, so 5 and 6 send one request per code or token made before the load
//     (scripts/bench/connect.mjs says how).
// Identity, offers and the gateway run as their own processes, as in production; the load comes from this one.
// The browser figures (JavaScript transferred, Lighthouse) are `npm run bench:web`.
// Needs a build (npm run build) and PostgreSQL + Redis (DATABASE_URL/REDIS_URL, else localhost); object storage is a
// local S3 server started here. BENCH_SECONDS (default 10) sets each run's length, BENCH_CONNECTIONS (50) the load.
// The parts are in scripts/bench/.
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { catalogueHolds, growCatalogue } from './bench/catalogue.mjs';
import { benchConnect } from './bench/connect.mjs';
import { benchCopies } from './bench/copies.mjs';
import { createProcesses, ready } from './bench/processes.mjs';
import { deleteKeys } from './local/redis-keys.mjs';
import { reportConnect, reportCopies, reportSummary, reportVersusBare } from './bench/report.mjs';
import { BROWSER, CATALOGUE_SIZE, STUDENTS } from './bench/settings.mjs';
import { registerStudents } from './bench/students.mjs';
import { versusBare } from './bench/versus-bare.mjs';
import { loadDemoCatalogue } from './local/demo-catalogue.mjs';

const { dropSchema, freePort, getPostgresUrl, getRedisUrl, startS3Server, uniqueName } = createRequire(
  import.meta.url,
)('@tullab/testing');

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
const processes = createProcesses(env);
let s3;

try {
  console.log(`bench on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
  s3 = await startS3Server();
  const identityUrl = `http://127.0.0.1:${identityPort}`;
  const offersUrl = `http://127.0.0.1:${offersPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  processes.start('identity', identityPort, { DB_SCHEMA: schemas.identity });
  const offersEnv = {
    DB_SCHEMA: schemas.offers,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_REGION: s3.region,
    SUPPORT_EMAIL: 'support@tullab.test',
  };
  await loadDemoCatalogue({
    repoRoot: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...env, ...offersEnv },
    onLine: (line) => console.log(line),
  });
  processes.start('offers', offersPort, offersEnv);
  await Promise.all([ready(`${identityUrl}/readyz`), ready(`${offersUrl}/readyz`)]);
  // This process plays the proxy in front of the gateway: its X-Forwarded-For is the client's address (S35).
  processes.start('gateway', gatewayPort, {
    IDENTITY_URL: identityUrl,
    OFFERS_URL: offersUrl,
    TRUST_PROXY: 'loopback',
    // beside a running `npm start`, whose gateway holds the default metrics port
    METRICS_PORT: '0',
  });
  await ready(`${gatewayUrl}/api/healthz`);
  const demo = (await (await fetch(`${gatewayUrl}/api/offers`)).json()).length;

  // 1. the demo catalogue
  const catalogue = await versusBare(
    `GET /api/offers (${demo} demo offers)`,
    `${gatewayUrl}/api/offers`,
    BROWSER,
  );
  reportVersusBare(catalogue, { ratio: 0.6, p99: 25 });

  // 2. 500 offers
  await growCatalogue({ offersUrl, secret }, demo, CATALOGUE_SIZE);
  await catalogueHolds(gatewayUrl, CATALOGUE_SIZE);
  const large = await versusBare(
    `GET /api/offers (${CATALOGUE_SIZE} offers)`,
    `${gatewayUrl}/api/offers`,
    BROWSER,
  );
  reportVersusBare(large, { ratio: 0.6, p99: 25 });

  // 3. the signed-in user
  const cookies = await registerStudents(gatewayUrl, STUDENTS);
  const user = await versusBare('GET /api/auth/user (signed in)', `${gatewayUrl}/api/auth/user`, {
    ...BROWSER,
    cookie: cookies[0],
  });
  reportVersusBare(user, { ratio: 0.4, p99: 50 });

  // 4. code copies from STUDENTS signed-in students behind one campus address, after a warm-up on another offer
  const copies = await benchCopies({ gatewayUrl, cookies, databaseUrl, offersSchema: schemas.offers });
  reportCopies(copies);

  // 5 and 6. a brand's checkout: the first student, verified, consents once; then codes and redemption tokens
  const connect = await benchConnect({ gatewayUrl, databaseUrl, schemas, secret }, cookies[0]);
  // Each call is several ORM queries in one identity (tokens) or offers (redemptions) process, which bounds it. The
  // goals are about four fifths of a quiet run on 2 × EPYC (186 and 134 req/s), far above any checkout rush (100 a
  // second is 360,000 an hour); with 50 calls in flight, p99 is mostly the wait behind the other 49
  // (≈ 1.5 × 50 / rate).
  reportConnect(connect.tokens, { rps: 150, p99: 500 });
  reportConnect(connect.redemptions, { rps: 110, p99: 700 });

  reportSummary([catalogue, large, user], copies, [connect.tokens, connect.redemptions]);
} finally {
  await processes.stopAll();
  await s3?.close();
  for (const schema of Object.values(schemas)) await dropSchema(databaseUrl, schema);
  await deleteKeys(redisUrl, queuePrefix);
}
