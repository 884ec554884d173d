import { randomUUID } from 'node:crypto';
import { createEnvelope, jobDefaults, seal } from '@tullab/events';
import { randomDigits } from '@tullab/http';
import { metricValue } from '@tullab/testing';
import { EmailSchema } from '../src';
import { INTERNAL_SECRET, dumpSchema, emailRow, mailingForTests, sleep, until } from './helpers';

const { harness, catcher } = mailingForTests({ PUBLIC_URL: 'https://tullab.example' });

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();
const recipient = (name: string) => `${name}-${randomUUID().slice(0, 8)}@student.test`;
const mailsTo = (to: string) => catcher.messages.filter((mail) => mail.to.includes(to));

function resetCode(to: string, code: string, expiresAt = inTenMinutes()) {
  return {
    to,
    template: 'password-reset-code' as const,
    data: {},
    sealed: seal(INTERNAL_SECRET, { code }),
    expiresAt,
  };
}

/** One series of the service's `GET /metrics` (docs/metrics.md), 0 when it has none yet. */
async function metric(name: string, labels: Record<string, string> = {}): Promise<number> {
  const res = await fetch(`${harness.service.url}/metrics`);
  return metricValue(await res.text(), name, { service: 'notifications', ...labels }) ?? 0;
}

async function failedJob(id: string) {
  const queue = harness.publisher.queue('notifications');
  return until(
    () => queue.getJob(id),
    (job) => job !== undefined && job.failedReason !== undefined && job.finishedOn !== undefined,
  );
}

describe('email.requested → the password reset code', () => {
  test('is mailed with the code in text and HTML, in the Tullab layout, and the row is sent with its secret dropped', async () => {
    const to = recipient('sara');
    const code = randomDigits(6);
    const id = await harness.publish(resetCode(to, code));

    const mail = await catcher.waitFor((m) => m.to.includes(to));
    expect(mail.subject).toBe('Your Tullab password reset code');
    expect(mail.from).toBe('Tullab <no-reply@tullab.ae>');
    expect(mail.text).toContain(code);
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.text).toContain('If you did not ask');
    expect(mail.text).toContain('Tullab — student offers in the UAE, Dubai Silicon Oasis');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('#57CC97');
    expect(mail.html).toContain('Tullab — student offers in the UAE, Dubai Silicon Oasis');
    expect(mail.html).toContain('Hello,');

    const row = await until(
      () => emailRow(harness, id),
      (r) => r?.status === 'sent',
    );
    expect(row).toMatchObject({
      id,
      recipient: to,
      template: 'password-reset-code',
      data: {},
      sealed: null,
      attempts: 1,
      lastError: null,
    });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  test('no table and no log line holds the code, before or after sending', async () => {
    const to = recipient('omar');
    const code = randomDigits(6);
    catcher.refuse(451);
    const id = await harness.publish(resetCode(to, code));
    const pending = await until(
      () => emailRow(harness, id),
      (r) => (r?.attempts ?? 0) > 0,
    );
    expect(pending?.sealed).toEqual(expect.any(String));
    expect(await dumpSchema(harness)).not.toContain(code);

    catcher.refuse(null);
    const mail = await catcher.waitFor((m) => m.to.includes(to));
    expect(mail.text).toContain(code);
    await until(
      () => emailRow(harness, id),
      (r) => r?.status === 'sent',
    );
    const dump = await dumpSchema(harness);
    expect(dump).toContain(id);
    expect(dump).not.toContain(code);
    expect(harness.logs.text).toContain(id);
    expect(harness.logs.text).not.toContain(code);
  });

  test('the same event delivered twice gives one row and one mail', async () => {
    const to = recipient('twice');
    const envelope = createEnvelope('email.requested', resetCode(to, randomDigits(6)));
    const queue = harness.publisher.queue('notifications');
    await harness.publisher.publish(envelope);
    await catcher.waitFor((m) => m.to.includes(to));
    await until(
      () => emailRow(harness, envelope.id),
      (r) => r?.status === 'sent',
    );

    // BullMQ would ignore the same jobId; a second job with the same event id is what a sweep or a replay looks like.
    const again = await queue.add(envelope.name, envelope, {
      ...jobDefaults,
      jobId: `replay-${envelope.id}`,
    });
    const finished = await until(
      () => queue.getJob(again.id!),
      (job) => job?.finishedOn !== undefined,
    );
    expect(finished?.returnvalue).toBe('duplicate');
    await sleep(500);
    expect(mailsTo(to)).toHaveLength(1);
    expect(await harness.em().count(EmailSchema, { recipient: to })).toBe(1);
  });
});

describe('email.requested with a bad payload', () => {
  test('an invalid envelope payload fails the job at once, without retry, and records nothing', async () => {
    const id = randomUUID();
    const queue = harness.publisher.queue('notifications');
    const envelope = { id, name: 'email.requested', occurredAt: new Date().toISOString(), requestId: null };
    await queue.add(
      'email.requested',
      { ...envelope, payload: { to: 'not-an-address', template: 'password-reset-code' } },
      { ...jobDefaults, jobId: id },
    );

    const job = await failedJob(id);
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toMatch(/invalid email.requested payload/);
    expect(await emailRow(harness, id)).toBeNull();
  });

  test('a reset-code request whose sealed code is missing or unreadable fails without retry', async () => {
    const noCode = await harness.publish({
      to: recipient('nocode'),
      template: 'password-reset-code',
      data: {},
    });
    const wrongKey = await harness.publish({
      to: recipient('wrongkey'),
      template: 'password-reset-code',
      data: {},
      sealed: seal('another-secret-'.padEnd(40, 'y'), { code: '123456' }),
    });

    const first = await failedJob(noCode);
    expect(first?.attemptsMade).toBe(1);
    expect(first?.failedReason).toMatch(/password-reset-code: invalid sealed values: code/);
    const second = await failedJob(wrongKey);
    expect(second?.attemptsMade).toBe(1);
    expect(second?.failedReason).toMatch(/sealed values cannot be opened/);
    expect(await emailRow(harness, noCode)).toBeNull();
    expect(await emailRow(harness, wrongKey)).toBeNull();
  });
});

describe('when the SMTP server refuses', () => {
  test('with 451, the mail stays pending with the error and is delivered exactly once after the server accepts again', async () => {
    const to = recipient('busy');
    const temporary = await metric('mail_delivery_failures_total', { kind: 'temporary' });
    catcher.refuse(451);
    const id = await harness.publish(resetCode(to, randomDigits(6)));

    const pending = await until(
      () => emailRow(harness, id),
      (r) => (r?.attempts ?? 0) >= 2,
    );
    expect(pending).toMatchObject({ status: 'pending', sentAt: null });
    expect(pending?.lastError).toMatch(/451/);
    expect(pending?.sealed).toEqual(expect.any(String));
    expect(mailsTo(to)).toHaveLength(0);
    expect(await metric('mail_delivery_failures_total', { kind: 'temporary' })).toBeGreaterThanOrEqual(
      temporary + 2,
    );

    catcher.refuse(null);
    await catcher.waitFor((m) => m.to.includes(to));
    const sent = await until(
      () => emailRow(harness, id),
      (r) => r?.status === 'sent',
    );
    expect(sent).toMatchObject({ sealed: null, lastError: null });
    expect(sent!.attempts).toBeGreaterThan(pending!.attempts);
    await sleep(800);
    expect(mailsTo(to)).toHaveLength(1);
    expect(harness.logs.lines.some((line) => line.includes(id) && line.includes('will retry'))).toBe(true);
  });

  test('with 550, the mail fails for good after one attempt and is not retried', async () => {
    const to = recipient('gone');
    const permanent = await metric('mail_delivery_failures_total', { kind: 'permanent' });
    catcher.refuse(550, 'No such user here');
    const id = await harness.publish(resetCode(to, randomDigits(6)));

    const failed = await until(
      () => emailRow(harness, id),
      (r) => r?.status === 'failed',
    );
    expect(failed).toMatchObject({ attempts: 1, sealed: null, sentAt: null });
    expect(failed?.lastError).toMatch(/550/);
    expect(await metric('mail_delivery_failures_total', { kind: 'permanent' })).toBe(permanent + 1);

    catcher.refuse(null);
    await sleep(800);
    expect(mailsTo(to)).toHaveLength(0);
    expect((await emailRow(harness, id))?.attempts).toBe(1);
  });

  test('a code that expires while the server refuses is never sent', async () => {
    const to = recipient('late');
    catcher.refuse(451);
    const id = await harness.publish(
      resetCode(to, randomDigits(6), new Date(Date.now() + 1200).toISOString()),
    );

    const expired = await until(
      () => emailRow(harness, id),
      (r) => r?.status === 'expired',
    );
    expect(expired).toMatchObject({ sealed: null, sentAt: null });
    expect(expired!.attempts).toBeGreaterThan(0);

    catcher.refuse(null);
    await sleep(800);
    expect(mailsTo(to)).toHaveLength(0);
  });

  test('a request that arrives already expired is recorded as expired and not sent', async () => {
    const to = recipient('stale');
    const id = await harness.publish(
      resetCode(to, randomDigits(6), new Date(Date.now() - 1000).toISOString()),
    );
    const row = await until(
      () => emailRow(harness, id),
      (r) => r?.status === 'expired',
    );
    expect(row).toMatchObject({ attempts: 0, sealed: null });
    await sleep(500);
    expect(mailsTo(to)).toHaveLength(0);
  });
});

describe('GET /metrics (docs/metrics.md)', () => {
  test('answers unsigned: answers by route, the jobs of both queues (events, schedules), the outbox', async () => {
    await fetch(`${harness.service.url}/healthz`);
    const res = await fetch(`${harness.service.url}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const value = (name: string, labels: Record<string, string> = {}) =>
      metricValue(text, name, { service: 'notifications', ...labels });
    expect(value('http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).toBeGreaterThan(
      0,
    );
    expect(value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    for (const queue of ['notifications', 'notifications-schedule'])
      for (const state of ['waiting', 'active', 'delayed', 'failed'])
        expect(value('bullmq_jobs', { queue, state })).toBeGreaterThanOrEqual(0);
    expect(value('outbox_backlog')).toBeGreaterThanOrEqual(0);
    expect(value('outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
  });
});

describe('email.requested → password changed', () => {
  test('is mailed with what to do if it was not the user', async () => {
    const to = recipient('changed');
    await harness.publish({
      to,
      template: 'password-changed',
      data: { changedAt: '2026-11-21T10:05:00.000Z' },
    });
    const mail = await catcher.waitFor((m) => m.to.includes(to));
    expect(mail.subject).toBe('Your Tullab password was changed');
    expect(mail.text).toContain('21 Nov 2026, 14:05 (UAE time)');
    expect(mail.text).toContain(
      'If this was not you, reset your password now at https://tullab.example/forgot-password',
    );
    expect(mail.html).toContain('href="https://tullab.example/forgot-password"');
    expect(mail.html).toContain('#57CC97');
  });
});
