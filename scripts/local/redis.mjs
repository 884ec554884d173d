// Redis: REDIS_URL, else the one on 127.0.0.1:6379, else a redis-server from the PATH with its files in DATA_DIR.
import { spawn } from 'node:child_process';
import { constants, mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LaunchError } from './failure.mjs';
import { isAccessible } from './files.mjs';
import { say } from './output.mjs';

const HOST = '127.0.0.1';
const PORT = 6379;
const LOCAL_URL = `redis://${HOST}:${PORT}`;

/** True when something on host:port answers PING with PONG within a second. */
function answersPing(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

async function findOnPath(command) {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, command);
    if (await isAccessible(candidate, constants.X_OK)) return candidate;
  }
  return null;
}

async function spawnRedis(binary, dataDir, onUnexpectedExit) {
  const dir = join(dataDir, 'redis');
  await mkdir(dir, { recursive: true });
  // its own process group, so Ctrl-C in the terminal reaches the launcher only and it stops Redis last
  const child = spawn(
    binary,
    [
      '--port',
      String(PORT),
      '--bind',
      HOST,
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
      '--dir',
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const output = [];
  let running = false;
  let stopping = false;
  const collect = (chunk) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      output.push(line);
      // Redis marks warnings with `#`; its start-up banner and shutdown lines are warnings too
      if (running && !stopping && /^\d+:[A-Z] .* # /.test(line)) say('redis', line);
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', (code, signal) => {
    exited = true;
    if (running && !stopping) onUnexpectedExit('redis', code, signal);
  });

  for (let waited = 0; !(await answersPing(HOST, PORT)); waited += 100) {
    if (exited || waited >= 10000) {
      child.kill('SIGKILL');
      throw new LaunchError(`redis-server did not start:\n${output.slice(-15).join('\n')}`);
    }
    await sleep(100);
  }
  running = true;

  return async function stop() {
    stopping = true;
    if (exited) return;
    child.kill('SIGTERM');
    await exit;
  };
}

/** The Redis the services use, and how to stop it if the launcher started it. */
export async function resolveRedis({ env, dataDir, onUnexpectedExit }) {
  if (env.REDIS_URL) {
    return { url: env.REDIS_URL, description: 'REDIS_URL from the environment', stop: async () => {} };
  }
  if (await answersPing(HOST, PORT)) {
    return {
      url: LOCAL_URL,
      description: `the Redis already running on ${HOST}:${PORT}`,
      stop: async () => {},
    };
  }
  const binary = await findOnPath('redis-server');
  if (!binary) {
    throw new LaunchError(
      'No Redis: nothing answers on 127.0.0.1:6379 and there is no redis-server on the PATH. ' +
        'Install one (`sudo apt-get install redis-server`, `brew install redis`) or set REDIS_URL.',
    );
  }
  say('redis', `starting ${binary} on ${HOST}:${PORT}`);
  const stop = await spawnRedis(binary, dataDir, onUnexpectedExit);
  return {
    url: LOCAL_URL,
    description: `redis-server started on ${HOST}:${PORT}, files in ${join(dataDir, 'redis')}`,
    stop,
  };
}
