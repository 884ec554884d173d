// The product as production runs it, small: two replicas of every service as their own processes, a round-robin
// balancer in front of each pair and of the two gateways, on a PostgreSQL, a Redis, an SMTP server and an S3 store
// started here, so that a test may stop, kill, flush or break any of them.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, URL } from 'node:url';
import { loadDemoCatalogue } from '../local/demo-catalogue.mjs';
import { startEmbeddedPostgres } from '../local/embedded-postgres.mjs';
import { startBalancer } from './balancer.mjs';

const require = createRequire(import.meta.url);
const { freePort, startS3Server, startSmtpCatcher } = require('@tullab/testing');

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const SERVICES = ['identity', 'verification', 'offers', 'notifications'];
export const REPLICAS = ['a', 'b'];
export const ADMIN = { email: 'admin@faults.tullab.test', password: 'the fault suite admin passphrase 9' };
const BUCKETS = ['tullab-documents', 'tullab-logos'];

/** Resolves when `url` answers 200, rejects after `timeoutMs`. */
export async function waitFor200(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** A redis-server with an append-only file, on a port of its own, that may be stopped, restarted and flushed. */
async function startRedis(dir) {
  const port = await freePort();
  let child;
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''],
        ...['--appendonly', 'yes', '--appendfsync', 'always', '--maxmemory-policy', 'noeviction'],
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (!(await redisCommand(port, 'PING').catch(() => null))?.startsWith('+PONG')) {
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await sleep(50);
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    /** Redis forgets everything, as after a crash without persistence or a failover to an empty replica */
    flushAll: () => redisCommand(port, 'FLUSHALL'),
    command: (line) => redisCommand(port, line),
  };
}

/** One inline command over a bare socket; resolves with the raw reply. */
function redisCommand(port, line) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(2000, () => socket.destroy(new Error('redis timeout')));
    socket.once('error', reject);
    socket.once('connect', () => socket.write(`${line}\r\n`));
    socket.once('data', (data) => {
      socket.end();
      resolve(data.toString());
    });
  });
}

/** One replica of one service: a Node process we may SIGTERM, SIGKILL and start again on the same port. */
function processOf({ name, replica, port, env, onLine }) {
  let child;
  let exit;
  const start = () => {
    child = spawn(process.execPath, [join('services', name, 'dist', 'main.js')], {
      cwd: repoRoot,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (text) => {
        for (const line of text.split('\n').filter(Boolean)) onLine(`${name}-${replica}`, line);
      });
    }
  };
  start();
  return {
    name,
    replica,
    url: `http://127.0.0.1:${port}`,
    get pid() {
      return child.pid;
    },
    running: () => child.exitCode === null && child.signalCode === null,
    /** sends `signal`; resolves with how it exited */
    async kill(signal) {
      child.kill(signal);
      return exit;
    },
    async start() {
      start();
      await waitFor200(`http://127.0.0.1:${port}${name === 'gateway' ? '/api/readyz' : '/readyz'}`);
    },
  };
}

/**
 * Starts the cluster; `close()` stops everything and removes its files. `lines` keeps every process's recent log
 * lines (WARN and above) for a failing test to show, and `internalErrors` the last lines of requests answered 500.
 */
export async function startCluster({ extraEnv = {} } = {}) {
  const stops = [];
  const lines = [];
  const internalErrors = [];
  const onLine = (who, line) => {
    lines.push(`${who}: ${line}`);
    if (lines.length > 400) lines.shift();
    if (line.includes('"status":500')) internalErrors.push(`${who}: ${line}`);
    if (internalErrors.length > 20) internalErrors.shift();
  };
  try {
    const dataDir = await mkdtemp(join(tmpdir(), 'tullab-faults-'));
    // embedded PostgreSQL runs as the user postgres when we are root: it must be able to enter the folder
    await chmod(dataDir, 0o755);
    stops.push(() => rm(dataDir, { recursive: true, force: true }));

    const pgPort = await freePort();
    const pgOptions = {
      repoRoot,
      dataDir,
      port: pgPort,
      onUnexpectedExit: (what, code, signal) => onLine('postgres', `exited: ${code ?? signal}`),
      onLine,
    };
    let postgres = await startEmbeddedPostgres(pgOptions);
    stops.push(() => postgres.stop());
    await mkdir(join(dataDir, 'redis'));
    const redis = await startRedis(join(dataDir, 'redis'));
    stops.push(() => redis.stop());
    const smtpPort = await freePort();
    let smtp = await startSmtpCatcher({ port: smtpPort });
    const mail = [];
    const keepMail = (catcher) => catcher.onMessage((message) => mail.push(message));
    keepMail(smtp);
    stops.push(() => smtp.close());
    const s3 = await startS3Server({ directory: join(dataDir, 's3'), buckets: BUCKETS });
    stops.push(() => s3.close());

    const shared = {
      PATH: process.env.PATH,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: 'tullab',
      INTERNAL_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://localhost:8080',
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'warn',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_REGION: s3.region,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tullab <no-reply@tullab.test>',
      SUPPORT_EMAIL: 'support@tullab.test',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO_OFFERS: 'true',
      REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      // a refused mail is tried again soon, so an outage of seconds delays mail by seconds
      MAIL_RETRY_BASE_MS: '500',
      MAIL_RETRY_MAX_MS: '2000',
      MAIL_DISPATCH_INTERVAL_MS: '200',
      // mail claimed by a notifications process that is then killed goes out after this lease (2 min in production)
      MAIL_CLAIM_LEASE_MS: '10000',
      TRUST_PROXY: 'loopback',
      // readiness turns 503 on SIGTERM; the balancers, polling it every 200 ms, stop sending before the port closes
      SHUTDOWN_DRAIN_MS: '1000',
      ...extraEnv,
    };

    const processes = [];
    const balancers = {};
    const started = (proc) => {
      processes.push(proc);
      stops.push(async () => {
        if (proc.running()) await proc.kill('SIGKILL');
      });
      return proc;
    };
    await loadDemoCatalogue({ repoRoot, env: shared, onLine: (line) => onLine('catalogue', line) });
    // identity first, alone: it migrates its schema and creates the first admin; then the rest side by side
    for (const group of [['identity'], SERVICES.slice(1)]) {
      await Promise.all(
        group.flatMap((name) =>
          REPLICAS.map(async (replica) => {
            const proc = started(processOf({ name, replica, port: await freePort(), env: shared, onLine }));
            await waitFor200(`${proc.url}/readyz`);
          }),
        ),
      );
    }
    for (const name of SERVICES) {
      const balancer = await startBalancer({
        targets: processes.filter((proc) => proc.name === name).map((proc) => proc.url),
        readyPath: '/readyz',
      });
      balancers[name] = balancer;
      stops.push(() => balancer.close());
    }
    const gatewayEnv = {
      ...shared,
      // two gateways on one machine: each its own free metrics port (docs/metrics.md)
      METRICS_PORT: '0',
      ...Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_URL`, balancers[name].url])),
    };
    await Promise.all(
      REPLICAS.map(async (replica) => {
        const proc = started(
          processOf({ name: 'gateway', replica, port: await freePort(), env: gatewayEnv, onLine }),
        );
        await waitFor200(`${proc.url}/api/readyz`);
      }),
    );
    const front = await startBalancer({
      targets: processes.filter((proc) => proc.name === 'gateway').map((proc) => proc.url),
      readyPath: '/api/readyz',
    });
    stops.push(() => front.close());

    return {
      url: front.url,
      front,
      balancers,
      processes,
      process: (name, replica) => processes.find((proc) => proc.name === name && proc.replica === replica),
      mail,
      lines,
      internalErrors,
      redis,
      databaseUrl: postgres.url,
      smtp: {
        get catcher() {
          return smtp;
        },
        async stop() {
          await smtp.close();
        },
        async start() {
          smtp = await startSmtpCatcher({ port: smtpPort });
          keepMail(smtp);
        },
        refuse: (code) => smtp.refuse(code),
      },
      postgres: {
        stop: () => postgres.stop(),
        async start() {
          postgres = await startEmbeddedPostgres(pgOptions);
        },
      },
      async close() {
        while (stops.length)
          await stops
            .pop()()
            .catch(() => undefined);
      },
    };
  } catch (err) {
    while (stops.length)
      await stops
        .pop()()
        .catch(() => undefined);
    throw err;
  }
}
