// npm run bench: requests/s and p99 of GET /api/auth/user through the gateway and directly against identity.
// Identity and the gateway run as their own processes (as in production); the load comes from this one.
// Needs a build (npm run build) and PostgreSQL + Redis (DATABASE_URL/REDIS_URL, else localhost).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const { signIdentity } = require('@tullab/http');
const { dropSchema, freePort, getPostgresUrl, getRedisUrl, uniqueName } = require('@tullab/testing');

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const secret = 'bench-secret-'.padEnd(48, 'b');
const databaseUrl = await getPostgresUrl();
const schema = uniqueName('bench_identity');
const [identityPort, gatewayPort] = [await freePort(), await freePort()];
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  REDIS_URL: await getRedisUrl(),
  QUEUE_PREFIX: uniqueName('bench'),
  INTERNAL_SECRET: secret,
  LOG_LEVEL: 'warn',
};
const children = [];

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

function load(title, url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ title, url, headers, connections: CONNECTIONS, duration: DURATION }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx) return reject(new Error(`${title}: ${result.non2xx} answers were not 2xx`));
      resolve({ title, rps: result.requests.average, p99: result.latency.p99 });
    });
  });
}

try {
  const identityUrl = `http://127.0.0.1:${identityPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  startProcess('identity', identityPort, { DB_SCHEMA: schema });
  await ready(`${identityUrl}/readyz`);
  startProcess('gateway', gatewayPort, { IDENTITY_URL: identityUrl });
  await ready(`${gatewayUrl}/api/healthz`);

  const registered = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
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
  const caller = {
    userId: user.id,
    role: 'student',
    verificationStatus: 'none',
    sessionId: null,
    ip: '127.0.0.1',
  };

  await load('warm-up', `${gatewayUrl}/api/auth/user`, { cookie });
  const viaGateway = await load('gateway → identity', `${gatewayUrl}/api/auth/user`, { cookie });
  const direct = await load(
    'identity directly',
    `${identityUrl}/auth/user`,
    signIdentity(caller, secret, Date.now() + 3_600_000),
  );

  console.log(
    `\nGET /api/auth/user, ${CONNECTIONS} connections, ${DURATION} s each (each gateway request also resolves the session with identity)`,
  );
  for (const r of [viaGateway, direct]) {
    console.log(
      `${r.title.padEnd(20)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms`,
    );
  }
  console.log(
    `ratio (gateway / direct): ${(viaGateway.rps / direct.rps).toFixed(2)} of the throughput, ` +
      `${(viaGateway.p99 / Math.max(direct.p99, 1)).toFixed(2)}× the p99`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r)))));
  await dropSchema(databaseUrl, schema);
}
