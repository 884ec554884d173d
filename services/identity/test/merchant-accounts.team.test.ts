import { randomUUID } from 'node:crypto';
import { startedForTests, uniqueName } from '@tullab/testing';
import { invitationLimitKeys } from '../src/modules/merchants/limits';
import { newStaff, registered, signInStaff, startIdentity, type TestClient } from './helpers';
import { BRAND_LIMIT, colleagueEmail, merchantAccountTests } from './merchant-accounts.fixture';

/** A brand's team (decision 016): colleagues a merchant invites, the invitations sent again or revoked, and their limits. */

const identity = startedForTests(startIdentity);
const { invitations, tokenOf, accept, approvedMerchant, invite, resend, listed } =
  merchantAccountTests(identity);

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
