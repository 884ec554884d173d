// The checks of the fault suite (faults.test.mjs): mixed traffic while a part fails, and, once the fault is over,
// that everything accepted took effect once, that no answer was a 500 and that no job is left stuck
// (docs/reliability.md).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { browser, mailTo, requestCode, signUp, startLoad } from './traffic.mjs';

const require = createRequire(import.meta.url);
const { queueNames } = require('@tullab/events');
const { Client } = require('pg');

/** how long after a fault is over everything accepted must have taken effect (docs/reliability.md) */
const RECOVERY_MS = 60_000;

/**
 * The checks on what the suite started, which `current()` answers when a check runs: the cluster, the staff member
 * signed in, the active students and the offer the load copies. They keep every answer the load got, and the copies
 * it had accepted, across the faults of the suite.
 */
export function faultChecks(current) {
  const answers = [];
  const record = (answer) => answers.push(answer);
  const totals = { copies: 0, uncertainCopies: 0 };

  async function query(sql, params = []) {
    const { cluster } = current();
    const db = new Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      return (await db.query(sql, params)).rows;
    } finally {
      await db.end();
    }
  }

  const copiesCounted = async () =>
    (
      await query(
        'select coalesce(sum(code_copies_calls), 0)::int as n from offers.offer_daily_stat where offer_id = $1',
        [current().offerId],
      )
    )[0].n;

  async function until(what, check, timeoutMs = RECOVERY_MS) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check().catch(() => false);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
      await sleep(250);
    }
  }

  /** Runs `fault` under mixed traffic; resolves with the answers it got, by status. */
  async function underLoad(fault) {
    const { cluster, students, offerId } = current();
    const from = answers.length;
    const load = startLoad({ url: cluster.url, students, offerId, record });
    await sleep(1500);
    try {
      await fault();
      await sleep(1500);
    } finally {
      await load.stop();
    }
    totals.copies += load.accepted.copies;
    totals.uncertainCopies += load.uncertain.copies;
    const seen = answers.slice(from);
    const byStatus = {};
    for (const answer of seen) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    return { load, seen, byStatus };
  }

  /** Nothing accepted is lost, nothing is done twice, no job is stuck, and no answer was a 500. */
  async function nothingLost(run, options) {
    const started = Date.now();
    await checkNothingLost(run, options);
    console.log(
      `  (everything accepted took effect ${((Date.now() - started) / 1000).toFixed(1)} s after the load)`,
    );
  }

  async function checkNothingLost({ load, seen, byStatus }, { allowed = [] } = {}) {
    const { cluster } = current();
    const refused = seen.filter((answer) => answer.status >= 500 && !allowed.includes(answer.status));
    assert.deepEqual(
      refused.slice(0, 5).map((a) => `${a.method} ${a.path} ${a.status} ${a.text.slice(0, 120)}`),
      [],
      `unexpected 5xx (by status: ${JSON.stringify(byStatus)})\n${failedRequests().join('\n')}`,
    );
    assert.ok(load.accepted.copies > 0 && load.accepted.codeMails.length > 0, 'the load was accepted at all');
    for (const address of load.accepted.codeMails) {
      await mailTo(cluster.mail, address, RECOVERY_MS).catch(async (err) => {
        throw new Error(`${err.message}\n${await whereIsMail(address)}`);
      });
    }
    const counted = await until('every accepted copy counted', async () => {
      const n = await copiesCounted();
      return n >= totals.copies ? n : false;
    });
    assert.ok(
      counted <= totals.copies + totals.uncertainCopies,
      `${counted} copies counted for ${totals.copies} accepted (+${totals.uncertainCopies} unanswered): counted twice`,
    );
    await until('no job left active', async () => {
      for (const queue of queueNames) {
        for (const name of [queue, `${queue}-schedule`]) {
          const reply = await cluster.redis.command(`LLEN tullab:${name}:active`);
          if (reply.trim() !== ':0') return false;
        }
      }
      return true;
    });
  }

  /** The services' own account of the requests they answered 500 (their log lines, with the error). */
  const failedRequests = () => current().cluster.internalErrors.slice(-5);

  /** Where the code mail to `address` got stuck: its event in verification's outbox, its row in notifications. */
  async function whereIsMail(address) {
    const { cluster } = current();
    const events = await query(
      `select name, occurred_at, enqueued_at, swept_at from verification.outbox where payload->>'to' = $1`,
      [address],
    );
    const emails = await query(
      'select status, attempts, last_error, next_attempt_at, created_at from notifications.email where recipient = $1',
      [address],
    );
    const lines = cluster.lines.filter((line) => !line.startsWith('postgres')).slice(-40);
    return [`outbox: ${JSON.stringify(events)}`, `email: ${JSON.stringify(emails)}`, ...lines].join('\n');
  }

  /** A code mail the SMTP server refuses with 550 fails for good and is listed for staff with the server's answer. */
  async function refusedMailListed() {
    const { cluster, staff } = current();
    const client = browser(cluster.url, record);
    const signedUp = await signUp(client);
    assert.equal((await requestCode(client, signedUp)).status, 200);
    const failed = await until(
      'the refused mail listed for staff',
      async () => {
        const list = await staff.get(
          `/api/admin/emails?filter=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`,
        );
        return list.body?.find?.((mail) => mail.recipient === signedUp.universityEmail);
      },
      20_000,
    );
    assert.match(failed.lastError, /550/);
  }

  return { record, until, underLoad, nothingLost, refusedMailListed };
}
