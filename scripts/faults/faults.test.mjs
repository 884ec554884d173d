// npm run test:faults: the product under load while its parts fail, on two replicas of every service (docs/reliability.md).
// Each scenario checks that nothing accepted was lost (every copy answered 202 is counted once, every code mail
// answered 200 arrives), that no answer was a 500, and that no job is left stuck.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { faultChecks } from './checks.mjs';
import { ADMIN, REPLICAS, SERVICES, startCluster } from './cluster.mjs';
import { activeStudent, browser, signInStaff, signUp } from './traffic.mjs';

const STUDENTS = 12;

let cluster;
let staff;
let students;
let offerId;

const { record, until, underLoad, nothingLost, refusedMailListed } = faultChecks(() => ({
  cluster,
  staff,
  students,
  offerId,
}));

for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void cluster?.close().finally(() => process.exit(1)));

before(async () => {
  cluster = await startCluster({ extraEnv: { VERIFICATION_SWEEP_INTERVAL_MS: '1000' } });
  const offers = (await browser(cluster.url).get('/api/offers')).body;
  offerId = offers[0].id;
  students = [];
  for (let i = 0; i < STUDENTS; i += 4)
    students.push(
      ...(await Promise.all([0, 1, 2, 3].map(() => activeStudent(cluster.url, cluster.mail, record)))),
    );
  staff = await signInStaff(cluster.url, { ...ADMIN });
});

after(async () => {
  await cluster?.close();
});

describe('two replicas of every service behind round-robin balancers', () => {
  test('a sign-in on one gateway holds on the other, and a sign-out on one is refused at once on the other', async () => {
    const [a, b] = REPLICAS.map((replica) => cluster.process('gateway', replica).url);
    const client = browser(a);
    assert.equal((await signUp(client)).answer.status, 201);
    // the same session cookie, sent to the other gateway (which keeps resolved sessions for up to 30 s)
    const sameSession = browser(b);
    for (const [name, value] of client.cookies) sameSession.cookies.set(name, value);
    assert.equal((await sameSession.get('/api/auth/user', b)).status, 200);
    assert.ok((await client.post('/api/auth/logout', {}, a)).status < 300);
    assert.equal((await sameSession.get('/api/auth/user', b)).status, 401);
  });

  test('a pool code is never handed out twice, however the redemptions are spread', async () => {
    const pooled = (await browser(cluster.url).get('/api/offers')).body.find((offer) =>
      /coffee/i.test(offer.title),
    );
    assert.ok(pooled, 'the demo catalogue has the pool offer');
    const codes = await Promise.all(
      students.map(async ({ client }) => {
        const answer = await client.post(`/api/offers/${pooled.id}/redeem`);
        assert.equal(answer.status, 200, answer.text);
        return answer.body.code;
      }),
    );
    assert.equal(new Set(codes).size, students.length, `codes: ${codes.join(', ')}`);
  });

  test('a scheduled task runs once per tick, not once per replica', async () => {
    const window = 6000;
    await sleep(window);
    const now = Date.now();
    const reply = await cluster.redis.command(
      `ZCOUNT tullab:verification-schedule:completed ${now - window} ${now}`,
    );
    const runs = Number(reply.trim().slice(1));
    // every 1 s: about 6 runs; once per replica would be about 12
    assert.ok(runs >= 3 && runs <= 8, `${runs} runs of the verification sweep in ${window / 1000} s`);
  });
});

describe('faults under load', () => {
  test('SMTP down for 5 s: every code mail accepted meanwhile arrives once it is back', async () => {
    const run = await underLoad(async () => {
      await cluster.smtp.stop();
      await sleep(5000);
      await cluster.smtp.start();
    });
    await nothingLost(run);
  });

  test('SMTP answering 451 is retried until it accepts; 550 fails the mail for good, listed for staff', async () => {
    const run = await underLoad(async () => {
      cluster.smtp.refuse(451);
      await sleep(4000);
      cluster.smtp.refuse(null);
    });
    await nothingLost(run);

    cluster.smtp.refuse(550);
    try {
      await refusedMailListed();
    } finally {
      cluster.smtp.refuse(null);
    }
  });

  test('Redis restarted (append-only file kept): nothing accepted is lost', async () => {
    const run = await underLoad(async () => {
      await cluster.redis.stop();
      await sleep(3000);
      await cluster.redis.start();
    });
    await nothingLost(run, { allowed: [503] });
  });

  test('Redis loses all its data: every event still reaches its consumers within a minute', async () => {
    const run = await underLoad(async () => {
      await sleep(1000);
      await cluster.redis.flushAll();
    });
    await nothingLost(run, { allowed: [503] });
  });

  test('PostgreSQL restarted, then down for 10 s: 503 with a clear message meanwhile, full recovery after', async () => {
    const run = await underLoad(async () => {
      await cluster.postgres.stop();
      await cluster.postgres.start();
      await sleep(2000);
      await cluster.postgres.stop();
      await sleep(10_000);
      await cluster.postgres.start();
    });
    const unavailable = run.seen.filter((answer) => answer.status === 503);
    assert.ok(unavailable.length > 0, 'requests during the outage were answered 503');
    for (const answer of unavailable) assert.match(JSON.parse(answer.text).message, /unavailable|try again/i);
    await nothingLost(run, { allowed: [503] });

    // the catalogue's listener is back: a paused offer leaves the catalogue on both gateways
    const target = (await browser(cluster.url).get('/api/offers')).body.at(-1);
    assert.equal((await staff.post(`/api/admin/offers/${target.id}/pause`)).status, 200);
    for (const replica of REPLICAS) {
      const url = cluster.process('gateway', replica).url;
      await until(
        `the paused offer gone from gateway ${replica}`,
        async () => (await browser(url).get('/api/offers')).body.every((offer) => offer.id !== target.id),
        10_000,
      );
    }
  });

  test('kill -9 of each service in turn, mid-load: jobs retried, effects once, nothing stuck', async () => {
    const run = await underLoad(async () => {
      for (const name of [...SERVICES, 'gateway']) {
        const victim = cluster.process(name, 'a');
        await victim.kill('SIGKILL');
        await sleep(1000);
        await victim.start();
      }
    });
    // a request in flight on a killed process is answered 502 by the balancer in front of it, as by any balancer
    await nothingLost(run, { allowed: [502] });
  });

  test('SIGTERM of each replica in turn under load: in-flight requests finish, new ones go to the other; no 5xx', async () => {
    const run = await underLoad(async () => {
      for (const name of [...SERVICES, 'gateway']) {
        const victim = cluster.process(name, 'b');
        const exit = await victim.kill('SIGTERM');
        assert.equal(exit.code, 0, `${name}-b exited with ${exit.code ?? exit.signal} on SIGTERM`);
        await victim.start();
      }
    });
    await nothingLost(run);
  });
});
