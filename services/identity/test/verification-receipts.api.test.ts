import request from 'supertest';
import { createEnvelope, seal, sealVerificationReceipt } from '@tullab/events';
import { type StatusChangedPayload } from '@tullab/contracts';
import { signIdentity } from '@tullab/http';
import {
  INTERNAL_SECRET,
  newStaff,
  registered,
  signInStaff,
  startIdentity,
  type TestClient,
  type TestIdentity,
} from './helpers';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.close();
});

const DAY_MS = 24 * 3600 * 1000;
const INVALID = { message: 'Invalid or expired verification receipt', code: 'invalid_request' };

/** The change verification seals into its answer when a student's code is accepted (decision 002). */
function activeChange(userId: string, changedAt = new Date()): StatusChangedPayload {
  return {
    userId,
    status: 'active',
    changedAt: changedAt.toISOString(),
    studentEmail: 'layla@uaeu.ac.ae',
    expiresAt: new Date(changedAt.getTime() + 365 * DAY_MS).toISOString(),
  };
}

/** What the gateway does with a receipt: hand it to identity, signed with the caller's identity. */
const handOver = (client: TestClient, receipt: string) =>
  client.post('/internal/verification-receipts', { receipt });

/** Everything a status change may touch on the user row. */
async function stateOf(userId: string) {
  const [user] = await identity.sql(
    `select verification_status, student_email, verified_at, verification_expires_at, verification_changed_at,
            updated_at
       from users where id = ?`,
    [userId],
  );
  const sessions = await identity.sql('select id from sessions where user_id = ? order by id', [userId]);
  return { user, sessions };
}

describe('POST /internal/verification-receipts', () => {
  test('applies the status at once: 200 { user } as GET /auth/user shows it, active with its expiry', async () => {
    const { user, client } = await registered(identity);
    const change = activeChange(user.id);
    const res = await handOver(client, sealVerificationReceipt(INTERNAL_SECRET, change));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email: user.email, role: 'student' });
    expect(res.body.user.verification).toEqual({
      status: 'active',
      studentEmail: 'layla@uaeu.ac.ae',
      verifiedAt: change.changedAt,
      expiresAt: change.expiresAt,
    });
    const me = await client.get('/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
    expect((await identity.resolve(client.sid!)).body.verificationStatus).toBe('active');
  });

  test('rotates the session (S7): a new sid for this browser, and every earlier session of the user is dead', async () => {
    const { student, user, client } = await registered(identity);
    const other = identity.client();
    await other.post('/auth/login', { email: student.email, password: student.password });
    const before = client.sid!;
    const { body: old } = await identity.resolve(before);

    const res = await handOver(client, sealVerificationReceipt(INTERNAL_SECRET, activeChange(user.id)));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.headers['x-tullab-set-cookie'])).toEqual([
      { name: 'sid', value: client.sid, maxAge: 30 * 24 * 3600 },
    ]);
    expect(client.sid).not.toBe(before);
    expect((await identity.resolve(before)).status).toBe(401);
    expect((await identity.resolve(other.sid!)).status).toBe(401);
    const now = await identity.resolve(client.sid!);
    expect(now.status).toBe(200);
    expect(now.body.sessionId).not.toBe(old.sessionId);
    expect((await stateOf(user.id)).sessions).toEqual([{ id: now.body.sessionId }]);
  });

  test('a pending receipt (a document waiting for staff) applies at once and every session stands (issue 13)', async () => {
    const { student, user, client } = await registered(identity);
    const other = identity.client();
    await other.post('/auth/login', { email: student.email, password: student.password });
    const before = client.sid!;
    const change: StatusChangedPayload = {
      userId: user.id,
      status: 'pending',
      changedAt: new Date().toISOString(),
    };
    const res = await handOver(client, sealVerificationReceipt(INTERNAL_SECRET, change));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, verification: { status: 'pending' } });
    expect(res.headers['x-tullab-set-cookie']).toBeUndefined();
    expect(client.sid).toBe(before);
    expect((await client.get('/auth/user')).body.user.verification.status).toBe('pending');
    expect((await identity.resolve(before)).body.verificationStatus).toBe('pending');
    expect((await identity.resolve(other.sid!)).status).toBe(200);
    expect((await stateOf(user.id)).sessions).toHaveLength(2);
  });

  test('a staff session is replaced by a staff session (SameSite=Strict, 12 h)', async () => {
    const member = await newStaff(identity);
    const staff = await signInStaff(identity, member);
    const res = await handOver(staff, sealVerificationReceipt(INTERNAL_SECRET, activeChange(member.id)));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.headers['x-tullab-set-cookie'])).toEqual([
      { name: 'sid', value: expect.any(String), maxAge: 12 * 3600, sameSite: 'strict' },
    ]);
  });

  test.each<[string, (change: StatusChangedPayload) => string]>([
    ['not a receipt at all', () => 'not-a-receipt'],
    [
      'sealed with another key',
      (change) => sealVerificationReceipt('another-secret-'.padEnd(48, 'x'), change),
    ],
    [
      'altered',
      (change) => {
        const receipt = sealVerificationReceipt(INTERNAL_SECRET, change);
        const at = Math.floor(receipt.length / 2);
        return `${receipt.slice(0, at)}${receipt[at] === 'A' ? 'B' : 'A'}${receipt.slice(at + 1)}`;
      },
    ],
    [
      'expired (older than 60 s)',
      (change) => sealVerificationReceipt(INTERNAL_SECRET, change, Date.now() - 61_000),
    ],
    ['sealed for another purpose', () => seal(INTERNAL_SECRET, { code: '123456' })],
  ])('a receipt %s → 400, and neither the status nor the session changes', async (_kind, makeReceipt) => {
    const { user, client } = await registered(identity);
    const before = await stateOf(user.id);
    const sid = client.sid;
    const res = await handOver(client, makeReceipt(activeChange(user.id)));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID);
    expect(res.headers['x-tullab-set-cookie']).toBeUndefined();
    expect(await stateOf(user.id)).toEqual(before);
    expect(client.sid).toBe(sid);
    expect((await client.get('/auth/user')).body.user.verification.status).toBe('none');
  });

  test("another user's receipt → 403, and nothing changes for either", async () => {
    const mine = await registered(identity);
    const theirs = await registered(identity);
    const [mineBefore, theirsBefore] = [await stateOf(mine.user.id), await stateOf(theirs.user.id)];
    const res = await handOver(
      mine.client,
      sealVerificationReceipt(INTERNAL_SECRET, activeChange(theirs.user.id)),
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'This verification receipt is for another user', code: 'forbidden' });
    expect(res.headers['x-tullab-set-cookie']).toBeUndefined();
    expect(await stateOf(mine.user.id)).toEqual(mineBefore);
    expect(await stateOf(theirs.user.id)).toEqual(theirsBefore);
  });

  test('a visitor → 401; no receipt → 400 naming the field', async () => {
    const visitor = await identity.client().post('/internal/verification-receipts', { receipt: 'whatever' });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ message: 'Not authenticated', code: 'unauthenticated' });
    const { client } = await registered(identity);
    const missing = await client.post('/internal/verification-receipts', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: 'receipt is required',
      code: 'validation_failed',
      errors: { receipt: 'receipt is required' },
    });
  });

  test('a disabled account → 401, and its state stays as it was', async () => {
    const { user, client } = await registered(identity);
    const caller = await client.caller();
    await identity.sql('update users set disabled_at = now() where id = ?', [user.id]);
    const before = await stateOf(user.id);
    const res = await request(identity.url)
      .post('/internal/verification-receipts')
      .set(signIdentity(caller, INTERNAL_SECRET, 'identity'))
      .send({ receipt: sealVerificationReceipt(INTERNAL_SECRET, activeChange(user.id)) });
    expect(res.status).toBe(401);
    expect(await stateOf(user.id)).toEqual(before);
  });
});

describe('the receipt and the event carry the same change: it has one effect', () => {
  test('the event arriving after the receipt changes nothing', async () => {
    const { user, client } = await registered(identity);
    const change = activeChange(user.id);
    expect((await handOver(client, sealVerificationReceipt(INTERNAL_SECRET, change))).status).toBe(200);
    const after = await stateOf(user.id);
    const job = await identity.deliver(createEnvelope('verification.status_changed', change));
    expect(job.returnvalue).toBe('done');
    expect(await stateOf(user.id)).toEqual(after);
  });

  test('a receipt arriving after the event rewrites nothing, and the session still rotates', async () => {
    const { user, client } = await registered(identity);
    const change = activeChange(user.id);
    await identity.deliver(createEnvelope('verification.status_changed', change));
    const { user: applied } = await stateOf(user.id);
    const before = client.sid!;
    const res = await handOver(client, sealVerificationReceipt(INTERNAL_SECRET, change));
    expect(res.status).toBe(200);
    expect(res.body.user.verification.status).toBe('active');
    expect((await stateOf(user.id)).user).toEqual(applied);
    expect((await identity.resolve(before)).status).toBe(401);
    expect((await identity.resolve(client.sid!)).status).toBe(200);
  });

  test('an older change in a receipt does not undo a newer one', async () => {
    const { user, client } = await registered(identity);
    const now = Date.now();
    await identity.deliver(
      createEnvelope('verification.status_changed', {
        userId: user.id,
        status: 'rejected',
        changedAt: new Date(now).toISOString(),
      }),
    );
    const res = await handOver(
      client,
      sealVerificationReceipt(INTERNAL_SECRET, activeChange(user.id, new Date(now - 1000))),
    );
    expect(res.status).toBe(200);
    expect(res.body.user.verification.status).toBe('rejected');
  });
});
