// npm run bench: requests/s and p99 of GET /api/auth/user through the gateway and directly against identity.
// Needs a build (npm run build) and PostgreSQL + Redis (DATABASE_URL/REDIS_URL, else localhost).
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const { parseConfig } = require('@tullab/config');
const { signIdentity } = require('@tullab/http');
const { dropSchema, getPostgresUrl, getRedisUrl, uniqueName } = require('@tullab/testing');
const identity = require('@tullab/identity');
const gateway = require('@tullab/gateway');

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const secret = 'bench-secret-'.padEnd(48, 'b');

const databaseUrl = await getPostgresUrl();
const common = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: await getRedisUrl(),
  QUEUE_PREFIX: uniqueName('bench'),
  INTERNAL_SECRET: secret,
  LOG_LEVEL: 'silent',
  PORT: '0',
};
const schema = uniqueName('bench_identity');
const identityService = await identity.startService(parseConfig(identity.configShape, { ...common, DB_SCHEMA: schema }));
const gatewayService = await gateway.startService(
  parseConfig(gateway.configShape, { ...common, IDENTITY_URL: identityService.url }),
);

try {
  const email = `${uniqueName('bench')}@example.com`;
  const registered = await fetch(`${gatewayService.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
    body: JSON.stringify({
      email,
      password: 'benchmark passphrase 42',
      firstName: 'Bench',
      lastName: 'Mark',
      phone: '+971501234567',
      emailMarketing: false,
      whatsappMarketing: false,
      role: 'student',
    }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const cookie = registered.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { user } = await registered.json();

  const run = (title, url, headers) =>
    new Promise((resolve, reject) => {
      autocannon({ title, url, headers, connections: CONNECTIONS, duration: DURATION }, (err, result) => {
        if (err) return reject(err);
        if (result.non2xx) return reject(new Error(`${title}: ${result.non2xx} answers were not 2xx`));
        resolve({ title, rps: result.requests.average, p99: result.latency.p99 });
      });
    });

  const viaGateway = await run('gateway → identity', `${gatewayService.url}/api/auth/user`, { cookie });
  const caller = { userId: user.id, role: 'student', verificationStatus: 'none', sessionId: null, ip: '127.0.0.1' };
  const direct = await run('identity directly', `${identityService.url}/auth/user`, signIdentity(caller, secret, Date.now() + 3_600_000));

  console.log(`\nGET /api/auth/user, ${CONNECTIONS} connections, ${DURATION} s each`);
  for (const r of [viaGateway, direct]) {
    console.log(`${r.title.padEnd(20)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms`);
  }
  console.log(`ratio (gateway / direct): ${(viaGateway.rps / direct.rps).toFixed(2)} of the throughput, ` +
    `${(viaGateway.p99 / Math.max(direct.p99, 1)).toFixed(2)}× the p99`);
} finally {
  await gatewayService.close();
  await identityService.close();
  await dropSchema(databaseUrl, schema);
}
