import { randomUUID } from 'node:crypto';
import { createEnvelope } from '@tullab/events';
import { registered, startIdentity, type TestIdentity } from './helpers';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.close();
});

const statusChanged = (
  userId: string,
  status: 'pending' | 'active' | 'rejected',
  changedAt: Date,
  more: { studentEmail?: string; expiresAt?: string; institutionName?: string } = {},
) =>
  createEnvelope('verification.status_changed', {
    userId,
    status,
    changedAt: changedAt.toISOString(),
    ...more,
  });

/** The institution identity keeps for brands' `institution` claim (decision 019). */
const institutionOf = async (userId: string) =>
  (
    await identity.sql<{ name: string | null }>('select institution_name as name from users where id = ?', [
      userId,
    ])
  )[0].name;

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
  test('applies the status, student e-mail, verification time, expiry and institution; GET /auth/user shows them', async () => {
    const { user, client } = await registered(identity);
    const changedAt = new Date();
    const expiresAt = new Date(changedAt.getTime() + 365 * 24 * 3600 * 1000).toISOString();
    const job = await identity.deliver(
      statusChanged(user.id, 'active', changedAt, {
        studentEmail: 'Layla@UAEU.ac.ae',
        expiresAt,
        institutionName: 'United Arab Emirates University',
      }),
    );
    expect(job.returnvalue).toBe('done');
    const me = (await client.get('/auth/user')).body.user;
    expect(me.verification).toEqual({
      status: 'active',
      studentEmail: 'layla@uaeu.ac.ae',
      verifiedAt: changedAt.toISOString(),
      expiresAt,
    });
    const resolved = await identity.resolve(client.sid!);
    expect(resolved.body.verificationStatus).toBe('active');
    expect(await institutionOf(user.id)).toBe('United Arab Emirates University');
  });

  test('a later status other than active clears the verification time, the expiry and the institution', async () => {
    const { user, client } = await registered(identity);
    const now = Date.now();
    const expiresAt = new Date(now + 3600_000).toISOString();
    await identity.deliver(
      statusChanged(user.id, 'active', new Date(now), { expiresAt, institutionName: 'Zayed University' }),
    );
    expect(await institutionOf(user.id)).toBe('Zayed University');
    await identity.deliver(statusChanged(user.id, 'rejected', new Date(now + 1000)));
    expect(await institutionOf(user.id)).toBeNull();
    expect((await client.get('/auth/user')).body.user.verification).toEqual({
      status: 'rejected',
      studentEmail: null,
      verifiedAt: null,
      expiresAt: null,
    });
  });

  test('the same event twice changes things once (processed_event)', async () => {
    const { user } = await registered(identity);
    const pending = statusChanged(user.id, 'pending', new Date(), { studentEmail: 'layla@uaeu.ac.ae' });
    expect((await identity.deliver(pending)).returnvalue).toBe('done');
    const again = await identity.deliver(pending);
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
    await identity.deliver(statusChanged(user.id, 'active', new Date(now)));
    const stale = await identity.deliver(statusChanged(user.id, 'rejected', new Date(now - 60_000)));
    expect(stale.returnvalue).toBe('done');
    expect((await verificationOf(user.id)).verification_status).toBe('active');
    await identity.deliver(statusChanged(user.id, 'rejected', new Date(now + 1000)));
    expect(await verificationOf(user.id)).toMatchObject({ verification_status: 'rejected', verified: false });
  });

  test('a bad payload fails at once, without retries, and changes nothing', async () => {
    const { user } = await registered(identity);
    const bad = {
      ...statusChanged(user.id, 'active', new Date()),
      payload: { userId: user.id, status: 'approved-ish' },
    };
    const job = await identity.deliver(bad);
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/invalid verification.status_changed payload/);
    expect((await verificationOf(user.id)).verification_status).toBe('none');
  });

  test('an unknown user fails at once (an impossible state)', async () => {
    const job = await identity.deliver(statusChanged(randomUUID(), 'active', new Date()));
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(1);
  });
});
