import type { Response } from 'supertest';
import { startedForTests } from '@tullab/testing';
import { newStaff, newStudent, registered, signInStaff, startIdentity } from './helpers';
import { EMAIL_TAKEN, approved, colleagueEmail, merchantAccountTests } from './merchant-accounts.fixture';

const identity = startedForTests(startIdentity);
const { invitations, tokenOf, accept, approvedMerchant, userRow, invite, listed } =
  merchantAccountTests(identity);

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
