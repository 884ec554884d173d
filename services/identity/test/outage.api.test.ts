import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '@tullab/testing';
import { registered, startIdentity, waitFor, type TestIdentity } from './helpers';

/** PING over a bare socket: no client library timers left behind. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** A redis-server of this file's own, which the test stops and starts again. */
async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const start = async () => {
    if (running()) return;
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitFor(() => answersPing(port), 5000);
  };
  const stop = async () => {
    if (!running()) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

let redis: Awaited<ReturnType<typeof privateRedis>>;
let identity: TestIdentity;

beforeAll(async () => {
  redis = await privateRedis();
  identity = await startIdentity({ REDIS_URL: redis.url });
}, 30_000);

afterAll(async () => {
  await redis?.start();
  await identity?.close();
  await redis?.stop();
});

describe('when Redis is down', () => {
  test('forgot-password still answers 202 at once, the mail waits in the outbox and leaves once Redis is back', async () => {
    const { student } = await registered(identity);
    await redis.stop();

    const started = Date.now();
    const res = await identity.client().post('/auth/forgot-password', { email: student.email });
    expect(res.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(1000);
    const [waiting] = await identity.mails(student.email);
    expect(waiting.enqueued_at).toBeNull();

    // logins still work: the Redis limits fail open, the PostgreSQL ones hold
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: student.password }))
        .status,
    ).toBe(200);

    await redis.start();
    await waitFor(async () => (await identity.mails(student.email))[0].enqueued_at, 20_000);
  }, 40_000);
});
