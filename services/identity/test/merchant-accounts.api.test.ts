import { randomUUID } from 'node:crypto';
import { createEnvelope, unseal } from '@tullab/events';
import { uniqueName } from '@tullab/testing';
import type { Response } from 'supertest';
import { invitationLimitKeys } from '../src/modules/merchants/limits';
import {
  INTERNAL_SECRET,
  newStaff,
  newStudent,
  randomIp,
  registered,
  signInStaff,
  startIdentity,
  type OutboxRow,
  type TestClient,
  type TestIdentity,
} from './helpers';
import { migratedFromInvitedAccounts } from './merchant-invitations.fixture';

/**
 * Merchant accounts (issue 16, decision 016): invited when their brand is approved, or by a colleague. An invitation
 * is not an account (issue 28, T24): the account is made when it is accepted.
 */

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.close();
});

const PASSWORD = 'a long merchant passphrase 5';
const INVALID = 'This invitation link is invalid or has expired';
const EMAIL_TAKEN =
  'This e-mail address already has a Tullab account, so this invitation can no longer be used. Ask your brand to invite another address.';
const BRAND_LIMIT =
  'Your brand has sent as many invitations as it may for now (10 an hour, 50 a day). Please try again later.';

const approved = (overrides: Record<string, string> = {}) =>
  createEnvelope('brand.approved', {
    brandId: randomUUID(),
    brandName: 'Kicks',
    contactEmail: `${uniqueName('contact')}@kicks.example`,
    contactName: 'Layla  Al Hassan',
    language: 'en' as 'en' | 'ar',
    ...overrides,
  });

const invitations = (to: string) =>
  identity.mails(to).then((rows) => rows.filter((row) => row.payload.template === 'merchant-invitation'));

/** The token sealed into the latest merchant invitation to `to`, as notifications puts it in the link. */
async function tokenOf(to: string): Promise<string> {
  const mail: OutboxRow | undefined = (await invitations(to)).at(-1);
  if (!mail?.payload.sealed) throw new Error(`no invitation to ${to}`);
  return unseal(INTERNAL_SECRET, mail.payload.sealed).token;
}

const userRow = async (email: string) =>
  (
    await identity.sql<{ id: string; role: string; brand_id: string | null; password_hash: string | null }>(
      'select id, role, brand_id, password_hash, first_name, last_name, language from users where email = ?',
      [email],
    )
  )[0];

const accept = (token: string, client = identity.client()) =>
  client.post('/auth/accept-merchant-invitation', { token, password: PASSWORD });

/** A brand approved and its contact's invitation accepted: the signed-in merchant. */
async function approvedMerchant(): Promise<{ client: TestClient; email: string; brandId: string }> {
  const event = approved();
  await identity.deliver(event);
  const client = identity.client();
  const res = await accept(await tokenOf(event.payload.contactEmail), client);
  if (res.status !== 200) throw new Error(`accept answered ${res.status}: ${res.text}`);
  return { client, email: event.payload.contactEmail, brandId: event.payload.brandId };
}

const colleagueEmail = () => `${uniqueName('colleague')}@kicks.example`;
const invite = (client: TestClient, email: string) =>
  client.post('/merchant/invitations', { email, firstName: 'Omar', lastName: 'Saleh' });
const resend = (client: TestClient, id: string) => client.post(`/merchant/invitations/${id}/resend`);
const listed = async (client: TestClient) =>
  ((await client.get('/merchant/invitations')).body as { email: string; status: string }[]).map(
    (invitation) => [invitation.email, invitation.status],
  );

describe('brand.approved', () => {
  test("invites the contact once: one invitation, no account, one mail in the contact's language, audited", async () => {
    const event = approved({ language: 'ar' });
    const email = event.payload.contactEmail;
    expect((await identity.deliver(event)).returnvalue).toBe('done');
    expect((await identity.deliver(event)).returnvalue).toBe('duplicate');
    // offers publishing the approval again (another event id) invites no one twice
    const again = createEnvelope('brand.approved', event.payload);
    expect((await identity.deliver(again)).returnvalue).toBe('done');

    // T24: nothing is reserved until the invitation is accepted
    expect(await userRow(email)).toBeUndefined();
    const rows = await identity.sql<{ id: string }>(
      `select id, email, first_name, last_name, language, brand_id, brand_name, invited_by, user_id,
         extract(epoch from expires_at - created_at)::int as valid
       from merchant_invitations where email = ?`,
      [email],
    );
    expect(rows).toEqual([
      {
        id: expect.any(String),
        email,
        first_name: 'Layla',
        last_name: 'Al Hassan',
        language: 'ar',
        brand_id: event.payload.brandId,
        brand_name: 'Kicks',
        invited_by: null,
        user_id: null,
        valid: 72 * 3600,
      },
    ]);
    const mails = await invitations(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].payload).toEqual({
      to: email,
      template: 'merchant-invitation',
      data: { firstName: 'Layla', brandName: 'Kicks', expiresHours: '72' },
      sealed: expect.any(String),
      expiresAt: expect.any(String),
      language: 'ar',
    });
    expect(await tokenOf(email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      await identity.sql('select action, actor_role, to_status from audit_log where resource_id = ?', [
        rows[0].id,
      ]),
    ).toEqual([{ action: 'invite', actor_role: 'system', to_status: 'merchant' }]);
  });

  test("an e-mail that is another account's is not taken over: no invitation, the account unchanged", async () => {
    const { student } = await registered(identity);
    const event = approved({ contactEmail: student.email });
    expect((await identity.deliver(event)).returnvalue).toBe('done');
    expect(await userRow(student.email)).toMatchObject({ role: 'student', brand_id: null });
    expect(await invitations(student.email)).toEqual([]);
    expect(identity.logs.join('')).toContain("the contact's e-mail belongs to another account");
  });

  test('a bad payload fails at once, without retries, and invites no one', async () => {
    const event = approved();
    const bad = { ...event, payload: { ...event.payload, brandId: 'not-a-uuid' } };
    const job = await identity.deliver(bad);
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/invalid brand.approved payload/);
    expect(await userRow(event.payload.contactEmail)).toBeUndefined();
    expect(await invitations(event.payload.contactEmail)).toEqual([]);
  });
});

describe('POST /auth/accept-merchant-invitation', () => {
  test("acceptance makes the merchant account with the invitation's name, language and brand, and signs in: a Lax session, GET /auth/user shows the merchant and the brand", async () => {
    const event = approved({ language: 'ar' });
    await identity.deliver(event);
    const email = event.payload.contactEmail;
    expect(await userRow(email)).toBeUndefined();
    const client = identity.client();
    const res = await accept(await tokenOf(email), client);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ role: 'merchant', brandId: event.payload.brandId });
    expect(res.body.user.mfaEnrolled).toBeUndefined();
    const [cookie] = JSON.parse(res.headers['x-tullab-set-cookie'] as string);
    expect(cookie).toEqual({ name: 'sid', value: expect.any(String), maxAge: 7 * 24 * 3600 });
    const user = await userRow(email);
    expect(user).toEqual({
      id: res.body.user.id,
      role: 'merchant',
      brand_id: event.payload.brandId,
      password_hash: expect.stringMatching(/^\$argon2id\$/),
      first_name: 'Layla',
      last_name: 'Al Hassan',
      language: 'ar',
    });
    expect(
      await identity.sql(
        'select user_id, accepted_at is not null as accepted from merchant_invitations where email = ?',
        [email],
      ),
    ).toEqual([{ user_id: user.id, accepted: true }]);

    const me = await client.get('/auth/user');
    expect(me.body.user).toMatchObject({ email, role: 'merchant', brandId: event.payload.brandId });
    const resolved = await identity.resolve(client.sid as string);
    expect(resolved.body).toMatchObject({ role: 'merchant', brandId: event.payload.brandId });

    // from now on the password alone signs in (no second factor, decision 016)
    const again = identity.client();
    const login = await again.post('/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'merchant', brandId: event.payload.brandId });
    expect(again.sid).toEqual(expect.any(String));
  });

  test('a used, an expired or an unknown token is refused with the same 400 naming the token; nothing changes', async () => {
    const refused = { message: INVALID, code: 'invitation_invalid', errors: { token: INVALID } };
    const event = approved();
    await identity.deliver(event);
    const token = await tokenOf(event.payload.contactEmail);
    expect((await accept(token)).status).toBe(200);
    const used = await identity
      .client()
      .post('/auth/accept-merchant-invitation', { token, password: 'another long passphrase 8' });
    expect(used.status).toBe(400);
    expect(used.body).toEqual(refused);

    const late = approved();
    await identity.deliver(late);
    await identity.sql(
      "update merchant_invitations set expires_at = now() - interval '1 second' where brand_id = ?",
      [late.payload.brandId],
    );
    const expired = await accept(await tokenOf(late.payload.contactEmail));
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual(refused);
    expect(await userRow(late.payload.contactEmail)).toBeUndefined();

    const unknown = await accept('not-a-token');
    expect(unknown.body).toEqual(refused);
  });

  test('the password policy of registration applies (S3)', async () => {
    const event = approved();
    await identity.deliver(event);
    const res = await identity.client().post('/auth/accept-merchant-invitation', {
      token: await tokenOf(event.payload.contactEmail),
      password: 'password123',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toEqual(expect.any(String));
    expect(await userRow(event.payload.contactEmail)).toBeUndefined();
  });

  test('tries are counted per address: the 11th wrong token within 10 minutes is 429', async () => {
    const client = identity.client(randomIp());
    for (let i = 0; i < 10; i += 1) expect((await accept(`guess-${i}`, client)).status).toBe(400);
    const limited = await accept('guess', client);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
  });
});

describe('an invitation reserves nothing (T24)', () => {
  test('an invited address signs up as a student (201); the invitation then ends with 409 invitation_email_taken and the student account is untouched', async () => {
    const event = approved();
    await identity.deliver(event);
    const email = event.payload.contactEmail;
    const token = await tokenOf(email);

    const student = newStudent({ email });
    const signUp = await identity.client().post('/auth/register', student);
    expect(signUp.status).toBe(201);
    const before = await identity.sql('select * from users where email = ?', [email]);

    const client = identity.client();
    const res = await accept(token, client);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: EMAIL_TAKEN, code: 'invitation_email_taken' });
    expect(res.headers['x-tullab-set-cookie']).toBeUndefined();
    expect(client.sid).toBeNull();
    expect(await identity.sql('select * from users where email = ?', [email])).toEqual(before);
    const login = await identity.client().post('/auth/login', { email, password: student.password });
    expect(login.body.user).toMatchObject({ role: 'student' });
    // the invitation has ended for good
    expect((await accept(token)).status).toBe(400);
    expect(
      await identity.sql(
        'select revoked_at is not null as ended, user_id from merchant_invitations where email = ?',
        [email],
      ),
    ).toEqual([{ ended: true, user_id: null }]);
  });

  test("an admin's staff invitation to an address with a pending merchant invitation works; the merchant invitation then ends", async () => {
    const event = approved();
    await identity.deliver(event);
    const email = event.payload.contactEmail;
    const admin = await newStaff(identity, 'admin');
    const adminClient = await signInStaff(identity, admin);
    const invited = await adminClient.post('/admin/staff', {
      email,
      firstName: 'Sara',
      lastName: 'Ali',
      role: 'staff',
      currentPassword: admin.password,
    });
    expect(invited.status).toBe(201);
    expect(await userRow(email)).toMatchObject({ role: 'staff', brand_id: null, password_hash: null });

    const res = await accept(await tokenOf(email));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('invitation_email_taken');
    expect(await userRow(email)).toMatchObject({ role: 'staff', brand_id: null, password_hash: null });
  });

  test('the same 201 and answer for an address with an account of any role, one invited already and one with nothing; only an address without an account is e-mailed', async () => {
    const { client } = await approvedMerchant();
    const other = await approvedMerchant();
    const { student } = await registered(identity);
    const staff = await newStaff(identity);
    const pending = colleagueEmail();
    const fresh = colleagueEmail();
    const firstLink = (await invite(client, pending)).status === 201 && (await tokenOf(pending));

    const addresses = [student.email, staff.email, other.email, pending, fresh];
    const answers: Response[] = [];
    for (const email of addresses) answers.push(await invite(client, email.toUpperCase()));
    for (const [i, res] of answers.entries()) {
      expect({ status: res.status, body: res.body }).toEqual({
        status: 201,
        body: {
          id: expect.any(String),
          email: addresses[i],
          firstName: 'Omar',
          lastName: 'Saleh',
          status: 'pending',
          invitedAt: expect.any(String),
          expiresAt: expect.any(String),
          invitedBy: 'Layla Al Hassan',
        },
      });
      expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.invitedAt)).toBe(72 * 3600_000);
    }
    // the brand's list shows them alike
    expect(await listed(client)).toEqual(addresses.map((email) => [email, 'pending']).reverse());

    // an account's owner is not mailed; the address invited before has a new link, the old one ended
    for (const email of [student.email, staff.email]) expect(await invitations(email)).toEqual([]);
    // (the other brand's merchant got its own brand's invitation, once)
    expect(await invitations(other.email)).toHaveLength(1);
    expect(await invitations(pending)).toHaveLength(2);
    expect((await accept(firstLink as string)).status).toBe(400);
    expect(await invitations(fresh)).toHaveLength(1);
    // no account was made or changed
    expect(await userRow(fresh)).toBeUndefined();
    expect(await userRow(student.email)).toMatchObject({ role: 'student', brand_id: null });
    expect(await userRow(other.email)).toMatchObject({ role: 'merchant', brand_id: other.brandId });
  });

  test("an address of the caller's own team is 409 already_in_team; another brand's merchant is invited as anyone", async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const own = await invite(a.client, a.email.toUpperCase());
    expect(own.status).toBe(409);
    expect(own.body).toEqual({ message: 'This person is already in your team', code: 'already_in_team' });
    expect((await invite(a.client, b.email)).status).toBe(201);
    expect(await listed(a.client)).toEqual([[b.email, 'pending']]);
  });

  test('two brands invite one address: the first accepted makes the account; the other then ends with 409', async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const email = colleagueEmail();
    expect((await invite(a.client, email)).status).toBe(201);
    const fromA = await tokenOf(email);
    expect((await invite(b.client, email)).status).toBe(201);
    const fromB = await tokenOf(email);
    expect((await accept(fromB)).status).toBe(200);
    const res = await accept(fromA);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('invitation_email_taken');
    expect(await userRow(email)).toMatchObject({ role: 'merchant', brand_id: b.brandId });
  });
});

describe('/merchant/colleagues and /merchant/invitations', () => {
  test('a merchant invites a colleague to the same brand; listed as pending until accepted, then a colleague of the brand; audited', async () => {
    const { client, brandId, email: contact } = await approvedMerchant();
    const email = colleagueEmail();
    const res = await invite(client, email);
    expect(res.status).toBe(201);
    expect(await listed(client)).toEqual([[email, 'pending']]);
    const [mail] = await invitations(email);
    expect(mail.payload.data).toEqual({
      firstName: 'Omar',
      brandName: 'Kicks',
      expiresHours: '72',
      invitedBy: 'Layla Al Hassan',
    });
    expect(
      await identity.sql('select action, actor_role from audit_log where resource_id = ?', [res.body.id]),
    ).toEqual([{ action: 'invite', actor_role: 'merchant' }]);

    const colleague = identity.client();
    expect((await accept(await tokenOf(email), colleague)).status).toBe(200);
    expect((await colleague.get('/auth/user')).body.user).toMatchObject({ role: 'merchant', brandId });
    const members = await colleague.get('/merchant/colleagues');
    expect(members.body).toEqual([
      expect.objectContaining({ email: contact, status: 'active' }),
      {
        id: expect.any(String),
        email,
        firstName: 'Omar',
        lastName: 'Saleh',
        status: 'active',
        joinedAt: expect.any(String),
      },
    ]);
    expect(await listed(client)).toEqual([]);
  });

  test("lists only the caller's brand: brand B's merchant does not see brand A's colleagues", async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const email = colleagueEmail();
    expect((await invite(a.client, email)).status).toBe(201);
    const emails = async (client: TestClient) =>
      ((await client.get('/merchant/colleagues')).body as { email: string }[]).map((c) => c.email);
    expect(await emails(a.client)).toEqual([a.email]);
    expect(await emails(b.client)).toEqual([b.email]);
    expect(await listed(a.client)).toEqual([[email, 'pending']]);
    expect(await listed(b.client)).toEqual([]);
  });

  test('bad input names the field', async () => {
    const { client } = await approvedMerchant();
    const res = await client.post('/merchant/invitations', {
      email: 'nope',
      firstName: 'Omar',
      lastName: 'Saleh',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('email');
  });

  test('a student or a staff member is 403; a visitor 401', async () => {
    const { client: student } = await registered(identity);
    const staff = await signInStaff(identity, await newStaff(identity));
    const visitor = identity.client();
    const body = { email: `${uniqueName('x')}@example.com`, firstName: 'Omar', lastName: 'Saleh' };
    for (const caller of [student, staff]) {
      expect((await caller.get('/merchant/colleagues')).status).toBe(403);
      expect((await caller.get('/merchant/invitations')).status).toBe(403);
      expect((await caller.post('/merchant/invitations', body)).status).toBe(403);
    }
    expect((await visitor.get('/merchant/invitations')).status).toBe(401);
    expect((await visitor.post('/merchant/invitations', body)).status).toBe(401);
    expect(await invitations(body.email)).toEqual([]);
  });
});

describe('sending an invitation again, and revoking it', () => {
  test('someone who missed the link gets a new one in the invitation’s language; the old one no longer works; audited', async () => {
    const { client } = await approvedMerchant();
    const email = colleagueEmail();
    const invited = await invite(client, email);
    const old = await tokenOf(email);
    await identity.sql(
      "update merchant_invitations set language = 'ar', expires_at = now() - interval '1 second' where id = ?",
      [invited.body.id],
    );
    expect(await listed(client)).toEqual([[email, 'expired']]);
    const res = await resend(client, invited.body.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, status: 'pending', firstName: 'Omar' });
    expect(res.body.id).not.toBe(invited.body.id);
    const mails = await invitations(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].payload).toMatchObject({
      language: 'ar',
      data: { firstName: 'Omar', expiresHours: '72' },
    });
    const fresh = await tokenOf(email);
    expect(fresh).not.toBe(old);
    expect(
      await identity.sql(
        'select count(*)::int as open from merchant_invitations where email = ? and revoked_at is null',
        [email],
      ),
    ).toEqual([{ open: 1 }]);
    expect(
      await identity.sql('select action, actor_role, reason from audit_log where resource_id = ?', [
        res.body.id,
      ]),
    ).toEqual([{ action: 'invite', actor_role: 'merchant', reason: 'invitation sent again' }]);

    // sending it again revokes the first resend's link too
    expect((await resend(client, res.body.id)).status).toBe(201);
    expect((await accept(fresh)).status).toBe(400);
    expect((await accept(old)).status).toBe(400);
    expect((await accept(await tokenOf(email))).status).toBe(200);
    // accepted: nothing left to send again
    expect((await resend(client, res.body.id)).status).toBe(404);
    expect(await listed(client)).toEqual([]);
  });

  test("another brand's or an unknown id is 404; a student is 403; at most 5 to one address within the hour, re-sends included", async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const email = colleagueEmail();
    const { body } = await invite(a.client, email);
    for (const id of [body.id, randomUUID()]) {
      const res = await resend(b.client, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Invitation not found', code: 'not_found' });
    }
    expect((await resend(b.client, 'not-a-uuid')).status).toBe(400);
    expect((await resend((await registered(identity)).client, body.id)).status).toBe(403);
    expect(await invitations(email)).toHaveLength(1);

    let id = body.id as string;
    for (let i = 0; i < 4; i += 1) {
      const again = await resend(a.client, id);
      expect(again.status).toBe(201);
      id = again.body.id;
    }
    const limited = await invite(a.client, email);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      message: 'This address was sent 5 invitations within the hour. Please wait before sending it another.',
      code: 'too_many_invitations',
    });
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
    expect(await invitations(email)).toHaveLength(5);
    // the brand's other addresses, and another brand, are not held back
    expect((await invite(a.client, colleagueEmail())).status).toBe(201);
    expect((await invite(b.client, email)).status).toBe(201);
  });

  test('a revoked invitation leaves the list and its link stops working; revoking it again is 404; audited', async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const email = colleagueEmail();
    const { body } = await invite(a.client, email);
    expect((await b.client.post(`/merchant/invitations/${body.id}/revoke`)).status).toBe(404);
    const revoked = await a.client.post(`/merchant/invitations/${body.id}/revoke`);
    expect(revoked.status).toBe(204);
    expect(await listed(a.client)).toEqual([]);
    expect((await accept(await tokenOf(email))).status).toBe(400);
    expect((await a.client.post(`/merchant/invitations/${body.id}/revoke`)).status).toBe(404);
    expect(
      await identity.sql(
        'select action, actor_role from audit_log where resource_id = ? order by created_at',
        [body.id],
      ),
    ).toEqual([
      { action: 'invite', actor_role: 'merchant' },
      { action: 'revoke-invitation', actor_role: 'merchant' },
    ]);
  });
});

describe('invitation limits per brand (T24)', () => {
  test('the 11th invitation of a brand within the hour is 429 too_many_invitations with Retry-After, re-sends counted; another brand still invites', async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const first = await invite(a.client, colleagueEmail());
    for (let i = 0; i < 8; i += 1) expect((await invite(a.client, colleagueEmail())).status).toBe(201);
    const again = await resend(a.client, first.body.id);
    expect(again.status).toBe(201);

    const email = colleagueEmail();
    const limited = await invite(a.client, email);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: BRAND_LIMIT, code: 'too_many_invitations' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await invitations(email)).toEqual([]);
    expect((await listed(a.client)).map(([address]) => address)).not.toContain(email);
    expect((await resend(a.client, again.body.id)).status).toBe(429);
    expect((await invite(b.client, email)).status).toBe(201);
  });

  test('the 51st invitation of a brand within the day is 429, even once the hour has passed', async () => {
    const { client, brandId } = await approvedMerchant();
    const { redis, config } = identity.service.deps;
    // the fixed window of the hour ends: what an hour passing does to its counter
    const hourPasses = () =>
      redis.del(`${config.QUEUE_PREFIX}:identity:rl:${invitationLimitKeys(brandId, '').hour}`);
    for (let hour = 0; hour < 5; hour += 1) {
      const sent = await Promise.all(Array.from({ length: 10 }, () => invite(client, colleagueEmail())));
      expect(sent.map((res) => res.status)).toEqual(Array(10).fill(201));
      await hourPasses();
    }
    const limited = await invite(client, colleagueEmail());
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('too_many_invitations');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3600);
  });
});

describe('the migration of invitation-only accounts (T24)', () => {
  test('an invited merchant who never set a password becomes an invitation: the account goes, the mailed link still makes it, and the database refuses such accounts from now on', async () => {
    const migrated = await migratedFromInvitedAccounts();
    try {
      const { service, sql, pending, active, disabled, expiresAt } = migrated;
      expect(
        await sql(
          "select email from users where role = 'merchant' and password_hash is null and deleted_at is null",
        ),
      ).toEqual([]);
      expect(await sql('select email, role from users where email = ?', [active.email])).toEqual([
        { email: active.email, role: 'merchant' },
      ]);
      expect(
        await sql(
          `select email, first_name, last_name, language, brand_id, token_hash, user_id,
             revoked_at is not null as ended, expires_at = ? as expiry_kept
           from merchant_invitations where email in (?, ?) order by email`,
          [expiresAt, pending.email, disabled.email],
        ),
      ).toEqual(
        [
          { ...pending.invitation, ended: false, expiry_kept: true },
          { ...disabled.invitation, ended: true, expiry_kept: true },
        ].sort((x, y) => x.email.localeCompare(y.email)),
      );

      // and no invitation-only account can come back: the database refuses a merchant without a password
      await expect(
        sql(
          `insert into users (id, email, password_hash, first_name, last_name, role, brand_id)
           values (?, 'squat@kicks.example', null, 'Omar', 'Saleh', 'merchant', ?)`,
          [randomUUID(), pending.brandId],
        ),
      ).rejects.toThrow(/users_merchant_password_check/);

      const client = service.client();
      const res = await client.post('/auth/accept-merchant-invitation', {
        token: pending.token,
        password: PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({
        email: pending.email,
        role: 'merchant',
        brandId: pending.brandId,
      });
      expect(
        (await service.client().post('/auth/login', { email: active.email, password: PASSWORD })).status,
      ).toBe(200);
    } finally {
      await migrated.close();
    }
  });
});
