import { createEnvelope } from '@tullab/events';
import { registered, startIdentity, type TestClient, type TestIdentity } from './helpers';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.close();
});

/** The status in each place identity reports one: session resolution, GET /auth/user, the student profile. */
async function reportedStatuses(client: TestClient) {
  return {
    session: (await identity.resolve(client.sid!)).body.verificationStatus,
    user: (await client.get('/auth/user')).body.user.verification.status,
    profile: (await client.get('/students/profile')).body.student.status,
  };
}

const everywhere = (status: string) => ({ session: status, user: status, profile: status });

/** A student with a dashboard profile, verified at `changedAt` until `expiresAt` (the event verification sends). */
async function verifiedStudent(changedAt: Date, expiresAt: Date) {
  const { student, user, client } = await registered(identity);
  await client.post('/students/profile', {
    firstName: student.firstName,
    lastName: student.lastName,
    email: student.email,
  });
  await identity.deliver(
    createEnvelope('verification.status_changed', {
      userId: user.id,
      status: 'active',
      changedAt: changedAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
    }),
  );
  return { student, user, client };
}

describe('verification expiry (decision 002)', () => {
  test('an active user past expiresAt counts as expired at once, everywhere, while the stored status is untouched', async () => {
    const { student, user, client } = await verifiedStudent(new Date(), new Date(Date.now() + 3600_000));
    expect(await reportedStatuses(client)).toEqual(everywhere('active'));

    // the expiry moves into the past, as the clock would; nothing is written to the user
    await identity.sql(
      "update users set verification_expires_at = now() - interval '1 second' where id = ?",
      [user.id],
    );
    expect(await reportedStatuses(client)).toEqual(everywhere('expired'));
    const me = (await client.get('/auth/user')).body.user;
    expect(me.verification.expiresAt).toEqual(expect.any(String));
    expect(new Date(me.verification.expiresAt).getTime()).toBeLessThan(Date.now());
    const login = await identity
      .client()
      .post('/auth/login', { email: student.email, password: student.password });
    expect(login.body.user.verification.status).toBe('expired');
    const [row] = await identity.sql<{ verification_status: string }>(
      'select verification_status from users where id = ?',
      [user.id],
    );
    expect(row.verification_status).toBe('active');
  });

  test('a newer verification with a later expiry makes the student active again', async () => {
    const start = Date.now() - 2000;
    const { user, client } = await verifiedStudent(new Date(start), new Date(start + 1000));
    expect(await reportedStatuses(client)).toEqual(everywhere('expired'));
    await identity.deliver(
      createEnvelope('verification.status_changed', {
        userId: user.id,
        status: 'active',
        changedAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      }),
    );
    expect(await reportedStatuses(client)).toEqual(everywhere('active'));
  });
});
