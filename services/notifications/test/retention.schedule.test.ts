import { randomUUID } from 'node:crypto';
import { startSmtpCatcher, type SmtpCatcher } from '@tullab/testing';
import { EmailSchema } from '../src';
import { recordEmail } from '../src/modules/emails/service';
import { sleep, startHarness, until, type Harness } from './helpers';

let catcher: SmtpCatcher;
let harness: Harness;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  // the policies run as BullMQ job schedulers every 300 ms here (hourly by default); bodies go once delivered
  harness = await startHarness({
    SMTP_URL: catcher.url,
    RETENTION_SWEEP_INTERVAL_MS: '300',
    MAIL_BODY_RETENTION_DAYS: '0',
  });
});

afterAll(async () => {
  await harness?.close();
  await catcher?.close();
});

describe('mail body retention, scheduled', () => {
  test('the scheduled run erases a delivered mail’s body (MAIL_BODY_RETENTION_DAYS=0) and never a waiting one', async () => {
    const em = harness.em();
    const waiting = recordEmail(em, randomUUID(), {
      to: 'later@mail.test',
      template: 'verification-approved',
      data: { firstName: 'Omar', expiresOn: 'x' },
    });
    waiting.nextAttemptAt = new Date(Date.now() + 3600_000);
    await em.flush();

    const id = await harness.publish({
      to: 'now@mail.test',
      template: 'verification-approved',
      data: { firstName: 'Layla', expiresOn: '21 November 2027' },
    });
    await catcher.waitFor((mail) => mail.to.includes('now@mail.test'));
    const erased = await until(
      () => harness.em().findOne(EmailSchema, { id }, { disableIdentityMap: true }),
      (row) => row?.bodyErasedAt != null,
    );
    expect(erased).toMatchObject({ status: 'sent', recipient: 'now@mail.test', data: {} });

    await sleep(700);
    const kept = await harness.em().findOneOrFail(EmailSchema, { id: waiting.id });
    expect(kept).toMatchObject({
      status: 'pending',
      bodyErasedAt: null,
      data: { firstName: 'Omar', expiresOn: 'x' },
    });
  });
});
