import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { createEnvelope, jobDefaults, type Envelope } from '@tullab/events';
import { registered, startIdentity, waitFor, type TestIdentity } from './helpers';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.close();
});

const queue = () => identity.service.deps.publisher.queue('identity');

/** Adds an envelope to identity's queue under its own job id and waits until the worker is done with it. */
async function deliver(envelope: Envelope, jobId = `t-${randomUUID()}`): Promise<Job> {
  await queue().add(envelope.name, envelope, { ...jobDefaults, jobId });
  return waitFor(async () => {
    const job = await queue().getJob(jobId);
    const state = await job?.getState();
    return (state === 'completed' || state === 'failed') && job;
  });
}

const statusChanged = (
  userId: string,
  status: 'pending' | 'active' | 'rejected',
  changedAt: Date,
  studentEmail?: string,
) =>
  createEnvelope('verification.status_changed', {
    userId,
    status,
    changedAt: changedAt.toISOString(),
    studentEmail,
  });

async function verificationOf(userId: string) {
  const [row] = await identity.sql<{
    verification_status: string;
    student_email: string | null;
    verified: boolean;
  }>(
    'select verification_status, student_email, verified_at is not null as verified from users where id = ?',
    [userId],
  );
  return row;
}

describe('verification.status_changed', () => {
  test('applies the status, student e-mail and verification time; GET /auth/user shows them', async () => {
    const { user, client } = await registered(identity);
    const changedAt = new Date();
    const job = await deliver(statusChanged(user.id, 'active', changedAt, 'Layla@UAEU.ac.ae'));
    expect(job.returnvalue).toBe('done');
    const me = (await client.get('/auth/user')).body.user;
    expect(me.verification).toEqual({
      status: 'active',
      studentEmail: 'layla@uaeu.ac.ae',
      verifiedAt: changedAt.toISOString(),
    });
    const resolved = await identity.resolve(client.sid!);
    expect(resolved.body.verificationStatus).toBe('active');
  });

  test('the same event twice changes things once (processed_event)', async () => {
    const { user } = await registered(identity);
    const pending = statusChanged(user.id, 'pending', new Date(), 'layla@uaeu.ac.ae');
    expect((await deliver(pending)).returnvalue).toBe('done');
    const again = await deliver(pending);
    expect(again.returnvalue).toBe('duplicate');
    expect(
      await identity.sql('select event_id from processed_event where event_id = ?', [pending.id]),
    ).toHaveLength(1);
    expect(await verificationOf(user.id)).toEqual({
      verification_status: 'pending',
      student_email: 'layla@uaeu.ac.ae',
      verified: false,
    });
  });

  test('an event older than the status held is ignored', async () => {
    const { user } = await registered(identity);
    const now = Date.now();
    await deliver(statusChanged(user.id, 'active', new Date(now)));
    const stale = await deliver(statusChanged(user.id, 'rejected', new Date(now - 60_000)));
    expect(stale.returnvalue).toBe('done');
    expect((await verificationOf(user.id)).verification_status).toBe('active');
    await deliver(statusChanged(user.id, 'rejected', new Date(now + 1000)));
    expect(await verificationOf(user.id)).toMatchObject({ verification_status: 'rejected', verified: false });
  });

  test('a bad payload fails at once, without retries, and changes nothing', async () => {
    const { user } = await registered(identity);
    const bad = {
      ...statusChanged(user.id, 'active', new Date()),
      payload: { userId: user.id, status: 'approved-ish' },
    };
    const job = await deliver(bad);
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/invalid verification.status_changed payload/);
    expect((await verificationOf(user.id)).verification_status).toBe('none');
  });

  test('an unknown user fails at once (an impossible state)', async () => {
    const job = await deliver(statusChanged(randomUUID(), 'active', new Date()));
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(1);
  });
});
