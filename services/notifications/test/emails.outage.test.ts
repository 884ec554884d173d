import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { seal } from '@tullab/events';
import { randomDigits } from '@tullab/http';
import { freePort, startSmtpCatcher, type SmtpCatcher } from '@tullab/testing';
import { INTERNAL_SECRET, emailRow, startHarness, until, type Harness } from './helpers';

// The dispatcher polls only once a minute here: whatever arrives quickly was nudged or scheduled for its due time.
let smtpPort: number;
let harness: Harness;
let catcher: SmtpCatcher | undefined;

beforeAll(async () => {
  smtpPort = await freePort();
  harness = await startHarness({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_DISPATCH_INTERVAL_MS: '60000',
  });
});

afterAll(async () => {
  await harness?.close();
  await catcher?.close();
});

const resetCode = (to: string) => ({
  to,
  template: 'password-reset-code' as const,
  data: {},
  sealed: seal(INTERNAL_SECRET, { code: randomDigits(6) }),
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
});

describe('while the SMTP server is down', () => {
  test('the service is ready, mail waits as pending with the error, and it leaves once SMTP is back', async () => {
    const ready = await request(harness.service.url).get('/readyz');
    expect(ready.status).toBe(200);

    const to = `outage-${randomUUID().slice(0, 8)}@student.test`;
    const id = await harness.publish(resetCode(to));
    const waiting = await until(
      () => emailRow(harness, id),
      (row) => (row?.attempts ?? 0) >= 2,
    );
    expect(waiting).toMatchObject({ status: 'pending', sentAt: null });
    expect(waiting?.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);

    catcher = await startSmtpCatcher({ port: smtpPort });
    await catcher.waitFor((mail) => mail.to.includes(to), 5000);
    const sent = await until(
      () => emailRow(harness, id),
      (row) => row?.status === 'sent',
    );
    expect(sent?.sealed).toBeNull();
    expect(catcher.messages.filter((mail) => mail.to.includes(to))).toHaveLength(1);
  });

  test('a new mail is sent as soon as the consumer committed it, without waiting for the poll', async () => {
    expect(catcher).toBeDefined();
    const to = `nudged-${randomUUID().slice(0, 8)}@student.test`;
    const started = Date.now();
    await harness.publish(resetCode(to));
    await catcher!.waitFor((mail) => mail.to.includes(to), 5000);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('close()', () => {
  test('stops HTTP, the consumer, the dispatcher, the relay and the ORM, and can be awaited', async () => {
    const to = `closing-${randomUUID().slice(0, 8)}@student.test`;
    const id = await harness.publish(resetCode(to));
    await until(
      () => emailRow(harness, id),
      (row) => row !== null,
    );
    const url = harness.service.url;
    const { orm } = harness.service.deps;
    const em = orm.em.fork();
    await harness.dispatcher.runOnce();
    const row = await em
      .getConnection()
      .execute<Array<{ status: string }>>('select status from email where id = ?', [id]);
    expect(row[0]?.status).toBe('sent');
    await harness.close();
    harness = undefined as unknown as Harness;
    await expect(request(url).get('/healthz')).rejects.toThrow();
    expect(await orm.isConnected()).toBe(false);
  });
});
