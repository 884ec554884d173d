import { randomUUID } from 'node:crypto';
import { createEnvelope } from '@tullab/events';
import { startedForTests } from '@tullab/testing';
import { randomIp, registered, startIdentity } from './helpers';
import { migratedFromInvitedAccounts } from './merchant-invitations.fixture';
import { INVALID, PASSWORD, approved, merchantAccountTests } from './merchant-accounts.fixture';

/**
 * Merchant accounts (issue 16, decision 016): invited when their brand is approved, or by a colleague. An invitation
 * is not an account (issue 28, T24): the account is made when it is accepted.
 */

const identity = startedForTests(startIdentity);
const { invitations, tokenOf, accept, userRow } = merchantAccountTests(identity);

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
