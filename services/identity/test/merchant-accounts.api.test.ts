import { randomUUID } from 'node:crypto';
import { createEnvelope, unseal } from '@tullab/events';
import { uniqueName } from '@tullab/testing';
import {
  INTERNAL_SECRET,
  newStaff,
  randomIp,
  registered,
  signInStaff,
  startIdentity,
  type OutboxRow,
  type TestClient,
  type TestIdentity,
} from './helpers';

/** Merchant accounts (issue 16, decision 016): invited when their brand is approved, or by a colleague. */

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.close();
});

const PASSWORD = 'a long merchant passphrase 5';
const INVALID = 'This invitation link is invalid or has expired';

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

/** A brand approved and its contact's invitation accepted: the signed-in merchant. */
async function approvedMerchant(): Promise<{ client: TestClient; email: string; brandId: string }> {
  const event = approved();
  await identity.deliver(event);
  const client = identity.client();
  const res = await client.post('/auth/accept-merchant-invitation', {
    token: await tokenOf(event.payload.contactEmail),
    password: PASSWORD,
  });
  if (res.status !== 200) throw new Error(`accept answered ${res.status}: ${res.text}`);
  return { client, email: event.payload.contactEmail, brandId: event.payload.brandId };
}

describe('brand.approved', () => {
  test("invites the contact once: one account of the brand without a password, one invitation, one mail in the contact's language, audited", async () => {
    const event = approved({ language: 'ar' });
    const email = event.payload.contactEmail;
    expect((await identity.deliver(event)).returnvalue).toBe('done');
    expect((await identity.deliver(event)).returnvalue).toBe('duplicate');
    // offers publishing the approval again (another event id) invites no one twice
    const again = createEnvelope('brand.approved', event.payload);
    expect((await identity.deliver(again)).returnvalue).toBe('done');

    expect(await userRow(email)).toEqual({
      id: expect.any(String),
      role: 'merchant',
      brand_id: event.payload.brandId,
      password_hash: null,
      first_name: 'Layla',
      last_name: 'Al Hassan',
      language: 'ar',
    });
    const user = await userRow(email);
    const rows = await identity.sql<{ brand_id: string; brand_name: string; invited_by: string | null }>(
      'select brand_id, brand_name, invited_by, extract(epoch from expires_at - created_at)::int as valid from merchant_invitations where user_id = ?',
      [user.id],
    );
    expect(rows).toEqual([
      {
        brand_id: event.payload.brandId,
        brand_name: 'Kicks',
        invited_by: null,
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
        user.id,
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
  });
});

describe('POST /auth/accept-merchant-invitation', () => {
  test('sets the password and signs the merchant in: a Lax session, GET /auth/user shows the merchant and the brand', async () => {
    const event = approved();
    await identity.deliver(event);
    const client = identity.client();
    const res = await client.post('/auth/accept-merchant-invitation', {
      token: await tokenOf(event.payload.contactEmail),
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ role: 'merchant', brandId: event.payload.brandId });
    expect(res.body.user.mfaEnrolled).toBeUndefined();
    const [cookie] = JSON.parse(res.headers['x-tullab-set-cookie'] as string);
    expect(cookie).toEqual({ name: 'sid', value: expect.any(String), maxAge: 7 * 24 * 3600 });

    const me = await client.get('/auth/user');
    expect(me.body.user).toMatchObject({
      email: event.payload.contactEmail,
      role: 'merchant',
      brandId: event.payload.brandId,
    });
    const resolved = await identity.resolve(client.sid as string);
    expect(resolved.body).toMatchObject({ role: 'merchant', brandId: event.payload.brandId });

    // from now on the password alone signs in (no second factor, decision 016)
    const again = identity.client();
    const login = await again.post('/auth/login', { email: event.payload.contactEmail, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'merchant', brandId: event.payload.brandId });
    expect(again.sid).toEqual(expect.any(String));
  });

  test('a used, an expired or an unknown token is refused with the same 400 naming the token; nothing changes', async () => {
    const refused = { message: INVALID, code: 'invitation_invalid', errors: { token: INVALID } };
    const event = approved();
    await identity.deliver(event);
    const token = await tokenOf(event.payload.contactEmail);
    const client = identity.client();
    expect(
      (await client.post('/auth/accept-merchant-invitation', { token, password: PASSWORD })).status,
    ).toBe(200);
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
    const expired = await identity.client().post('/auth/accept-merchant-invitation', {
      token: await tokenOf(late.payload.contactEmail),
      password: PASSWORD,
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual(refused);
    expect((await userRow(late.payload.contactEmail)).password_hash).toBeNull();

    const unknown = await identity
      .client()
      .post('/auth/accept-merchant-invitation', { token: 'not-a-token', password: PASSWORD });
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
    expect((await userRow(event.payload.contactEmail)).password_hash).toBeNull();
  });

  test('tries are counted per address: the 11th wrong token within 10 minutes is 429', async () => {
    const client = identity.client(randomIp());
    for (let i = 0; i < 10; i += 1)
      expect(
        (await client.post('/auth/accept-merchant-invitation', { token: `guess-${i}`, password: PASSWORD }))
          .status,
      ).toBe(400);
    const limited = await client.post('/auth/accept-merchant-invitation', {
      token: 'guess',
      password: PASSWORD,
    });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
  });
});

describe('/merchant/colleagues', () => {
  test('a merchant invites a colleague to the same brand; the colleague accepts and has the same brand; audited', async () => {
    const { client, brandId } = await approvedMerchant();
    const email = `${uniqueName('colleague')}@kicks.example`;
    const res = await client.post('/merchant/colleagues', { email, firstName: 'Omar', lastName: 'Saleh' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      email,
      firstName: 'Omar',
      lastName: 'Saleh',
      status: 'invited',
      invitedAt: expect.any(String),
    });
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
    const accepted = await colleague.post('/auth/accept-merchant-invitation', {
      token: await tokenOf(email),
      password: PASSWORD,
    });
    expect(accepted.status).toBe(200);
    expect((await colleague.get('/auth/user')).body.user).toMatchObject({ role: 'merchant', brandId });
    const listed = await colleague.get('/merchant/colleagues');
    expect(listed.body.map((c: { email: string; status: string }) => [c.email, c.status])).toEqual([
      [expect.any(String), 'active'],
      [email, 'active'],
    ]);
  });

  test("lists only the caller's brand: brand B's merchant does not see brand A's colleagues", async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const email = `${uniqueName('colleague')}@kicks.example`;
    expect(
      (await a.client.post('/merchant/colleagues', { email, firstName: 'Omar', lastName: 'Saleh' })).status,
    ).toBe(201);
    const ofA = (await a.client.get('/merchant/colleagues')).body.map((c: { email: string }) => c.email);
    const ofB = (await b.client.get('/merchant/colleagues')).body.map((c: { email: string }) => c.email);
    expect(ofA).toEqual([a.email, email]);
    expect(ofB).toEqual([b.email]);
  });

  test('an e-mail that already has an account is 409, and nobody is invited', async () => {
    const { client } = await approvedMerchant();
    const { student } = await registered(identity);
    const res = await client.post('/merchant/colleagues', {
      email: student.email.toUpperCase(),
      firstName: 'Omar',
      lastName: 'Saleh',
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'An account with this e-mail already exists', code: 'email_taken' });
    expect(await invitations(student.email)).toEqual([]);
  });

  test('bad input names the field', async () => {
    const { client } = await approvedMerchant();
    const res = await client.post('/merchant/colleagues', {
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
      expect((await caller.post('/merchant/colleagues', body)).status).toBe(403);
    }
    expect((await visitor.get('/merchant/colleagues')).status).toBe(401);
    expect((await visitor.post('/merchant/colleagues', body)).status).toBe(401);
    expect(await invitations(body.email)).toEqual([]);
  });
});

describe('resending a merchant invitation', () => {
  const accept = (token: string) =>
    identity.client().post('/auth/accept-merchant-invitation', { token, password: PASSWORD });
  const resend = (client: TestClient, id: string) =>
    client.post(`/merchant/colleagues/${id}/resend-invitation`, {});

  test('a colleague who missed the link gets a new one in their language; the old one no longer works; audited', async () => {
    const { client } = await approvedMerchant();
    const email = `${uniqueName('colleague')}@kicks.example`;
    const invited = await client.post('/merchant/colleagues', {
      email,
      firstName: 'Omar',
      lastName: 'Saleh',
    });
    const old = await tokenOf(email);
    await identity.sql("update users set language = 'ar' where id = ?", [invited.body.id]);
    await identity.sql(
      "update merchant_invitations set expires_at = now() - interval '1 second' where user_id = ?",
      [invited.body.id],
    );
    const res = await resend(client, invited.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(invited.body);
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
        'select count(*)::int as open from merchant_invitations where user_id = ? and revoked_at is null',
        [invited.body.id],
      ),
    ).toEqual([{ open: 1 }]);
    expect(
      await identity.sql(
        'select action, actor_role, reason from audit_log where resource_id = ? order by created_at',
        [invited.body.id],
      ),
    ).toEqual([
      { action: 'invite', actor_role: 'merchant', reason: null },
      { action: 'invite', actor_role: 'merchant', reason: 'invitation sent again' },
    ]);

    // a second resend revokes the first resend's link too
    expect((await resend(client, invited.body.id)).status).toBe(200);
    expect((await accept(fresh)).status).toBe(400);
    expect((await accept(old)).status).toBe(400);
    expect((await accept(await tokenOf(email))).status).toBe(200);
    // now active: nothing to resend
    const active = await resend(client, invited.body.id);
    expect(active.status).toBe(409);
    expect(active.body).toEqual({
      message: 'This colleague has already set a password and can sign in',
      code: 'conflict',
    });
  });

  test("an active merchant is 409; another brand's or an unknown id is 404; a student is 403; counted per account", async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const colleagues = (await a.client.get('/merchant/colleagues')).body as { id: string }[];
    expect((await resend(a.client, colleagues[0].id)).status).toBe(409);
    const email = `${uniqueName('colleague')}@kicks.example`;
    const { body } = await a.client.post('/merchant/colleagues', {
      email,
      firstName: 'Omar',
      lastName: 'Saleh',
    });
    for (const id of [body.id, randomUUID()]) {
      const res = await resend(b.client, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Colleague not found', code: 'not_found' });
    }
    expect((await resend(b.client, 'not-a-uuid')).status).toBe(400);
    expect((await resend((await registered(identity)).client, body.id)).status).toBe(403);
    expect(await invitations(email)).toHaveLength(1);

    for (let i = 0; i < 5; i += 1) expect((await resend(a.client, body.id)).status).toBe(200);
    const limited = await resend(a.client, body.id);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
    expect(await invitations(email)).toHaveLength(6);
  });

  test("inviting the e-mail of a same-brand colleague who never set a password resends (200); another brand's is 409", async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const email = `${uniqueName('colleague')}@kicks.example`;
    const person = { email, firstName: 'Omar', lastName: 'Saleh' };
    const first = await a.client.post('/merchant/colleagues', person);
    const old = await tokenOf(email);
    const again = await a.client.post('/merchant/colleagues', { ...person, email: email.toUpperCase() });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await invitations(email)).toHaveLength(2);
    expect((await accept(old)).status).toBe(400);

    const other = await b.client.post('/merchant/colleagues', person);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('email_taken');
    expect(await invitations(email)).toHaveLength(2);
    expect((await userRow(email)).brand_id).toBe(a.brandId);
  });
});

describe('a merchant is not a student', () => {
  test('cannot make a student profile or delete an account as a student does', async () => {
    const { client } = await approvedMerchant();
    const profile = await client.post('/students/profile', {
      firstName: 'Layla',
      lastName: 'Hassan',
      email: (await client.get('/auth/user')).body.user.email,
    });
    expect(profile.status).toBe(403);
    expect((await client.get('/students/profile')).status).toBe(403);
    expect((await client.post('/students/delete-account', { password: PASSWORD })).status).toBe(403);
    expect((await client.get('/admin/students')).status).toBe(403);
    expect((await client.get('/admin/staff')).status).toBe(403);
  });
});
