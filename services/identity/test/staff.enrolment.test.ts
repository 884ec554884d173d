import { startedForTests } from '@tullab/testing';
import { signInStaff, startIdentity, totpFor, type StaffCredentials } from './helpers';
import { wrongCode } from './mfa.fixture';
import { invitee, staffTests } from './staff.fixture';

const identity = startedForTests(startIdentity);
const { signedInAdmin, invitationToken, invite, acceptWithApp } = staffTests(identity);

describe('inviting staff', () => {
  test('the accept page shows an authenticator key for the invitation: sealed in it, the same on a reload, and only to a live token', async () => {
    const { admin, client } = await signedInAdmin();
    const input = invitee();
    const id = await invite(admin, client, input);
    const token = await invitationToken(input.email);

    const enrolment = await identity.client().post('/auth/accept-invitation/enrollment', { token });
    expect(enrolment.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = enrolment.body as Record<string, string>;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Tullab:${encodeURIComponent(input.email)}?secret=${secret}&period=30&digits=6&algorithm=SHA1&issuer=Tullab`,
    );
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // a reload (or another tab) shows the same key, so an app already set up with it stays right
    expect((await identity.client().post('/auth/accept-invitation/enrollment', { token })).body.secret).toBe(
      secret,
    );
    const [invitation] = await identity.sql<{ pending_mfa_secret: string }>(
      'select pending_mfa_secret from staff_invitations where user_id = ?',
      [id],
    );
    expect(invitation.pending_mfa_secret).toEqual(expect.any(String));
    expect(invitation.pending_mfa_secret).not.toContain(secret);
    const [user] = await identity.sql('select mfa_secret, mfa_enrolled_at from users where id = ?', [id]);
    expect(user).toEqual({ mfa_secret: null, mfa_enrolled_at: null });

    for (const body of [{ token: `${token.slice(0, -2)}xx` }, {}]) {
      const refused = await identity.client().post('/auth/accept-invitation/enrollment', body);
      expect(refused.status).toBe(400);
    }
    expect(identity.logs.join('')).not.toContain(secret);
  });

  test('accepting sets up the authenticator with the password, in one step: a right code is needed, the owner is e-mailed, and the next sign-in asks its code', async () => {
    const { admin, client } = await signedInAdmin();
    const input = invitee();
    const id = await invite(admin, client, input);
    const token = await invitationToken(input.email);
    const member: StaffCredentials = { email: input.email, password: 'a long new staff passphrase' };
    const visitor = identity.client();

    // the page has shown no key yet: there is nothing a code could confirm
    const unseen = await visitor.post('/auth/accept-invitation', {
      token,
      password: member.password,
      code: '123456',
    });
    expect(unseen.status).toBe(409);
    expect(unseen.body).toEqual({
      message: 'Please set up your authenticator app first',
      code: 'mfa_not_enrolled',
    });
    const missing = await visitor.post('/auth/accept-invitation', { token, password: member.password });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      code: 'Please enter the 6-digit code from your authenticator app',
    });

    member.secret = (await visitor.post('/auth/accept-invitation/enrollment', { token })).body.secret;
    const right = await totpFor(member);
    const wrong = await visitor.post('/auth/accept-invitation', {
      token,
      password: member.password,
      code: wrongCode(member.secret!),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: 'Invalid authentication code',
      code: 'code_invalid',
      errors: { code: 'Invalid authentication code' },
    });
    const [before] = await identity.sql('select password_hash, mfa_secret from users where id = ?', [id]);
    expect(before).toEqual({ password_hash: null, mfa_secret: null });

    const accepted = await visitor.post('/auth/accept-invitation', {
      token,
      password: member.password,
      code: right,
    });
    expect(accepted.status).toBe(200);
    const [after] = await identity.sql<{
      has_password: boolean;
      mfa_secret: string;
      enrolled: boolean;
      mfa_enrol_at_sign_in: boolean;
      pending_mfa_secret: string | null;
    }>(
      `select u.password_hash is not null as has_password, u.mfa_secret, u.mfa_enrolled_at is not null as enrolled,
              u.mfa_enrol_at_sign_in, i.pending_mfa_secret
         from users u join staff_invitations i on i.user_id = u.id where u.id = ?`,
      [id],
    );
    expect(after).toMatchObject({
      has_password: true,
      enrolled: true,
      mfa_enrol_at_sign_in: false,
      pending_mfa_secret: null,
    });
    expect(after.mfa_secret).not.toContain(member.secret);
    expect((await client.get(`/admin/staff/${id}`)).body).toMatchObject({
      invitationPending: false,
      mfaEnrolled: true,
    });

    // the owner learns of it at once: when, and never the key
    const mail = (await identity.mails(input.email)).at(-1)!;
    expect(mail.payload).toEqual({
      to: input.email,
      userId: id,
      template: 'staff-second-factor-enrolled',
      data: { firstName: 'Sara', enrolledAt: expect.any(String) },
    });
    expect(Date.now() - Date.parse(mail.payload.data.enrolledAt)).toBeLessThan(60_000);
    expect(JSON.stringify(mail.payload)).not.toContain(member.secret);

    // the code used to accept is spent; the sign-in asks a code of the app set up, and offers no new set-up
    const browser = identity.client();
    const login = await browser.post('/auth/login', { email: member.email, password: member.password });
    expect(login.body).toMatchObject({ mfaRequired: true, enrolled: true });
    expect((await browser.post('/auth/mfa/enrollment')).status).toBe(409);
    const replayed = await browser.post('/auth/mfa/verify', { code: right });
    expect(replayed.status).toBe(400);
    expect((await browser.post('/auth/mfa/verify', { code: await totpFor(member) })).status).toBe(200);
    expect((await browser.get('/auth/user')).body.user).toMatchObject({ id, mfaEnrolled: true });
    expect(identity.logs.join('')).toContain('"staff invitation accepted; password and second factor set"');
  });

  test('an invited account never sets up its authenticator at a sign-in, even with a password it got another way', async () => {
    const { admin, client } = await signedInAdmin();
    const input = invitee();
    const id = await invite(admin, client, input);
    // say a password reached the account without the invitation (the password is the admin's, to know it)
    await identity.sql(
      'update users set password_hash = (select password_hash from users where id = ?) where id = ?',
      [admin.id, id],
    );
    const browser = identity.client();
    const login = await browser.post('/auth/login', { email: input.email, password: admin.password });
    expect(login.body).toMatchObject({ mfaRequired: true, enrolled: false });
    const enrolment = await browser.post('/auth/mfa/enrollment');
    expect(enrolment.status).toBe(403);
    expect(enrolment.body).toEqual({
      message:
        'Your authenticator app is set up when you accept your invitation. Please ask an administrator for help.',
      code: 'mfa_enrolment_closed',
    });
    // a secret slipped into the challenge some other way confirms nothing either
    await identity.sql(
      'update mfa_challenges set pending_secret = (select mfa_secret from users where id = ?) where user_id = ?',
      [admin.id, id],
    );
    const verify = await browser.post('/auth/mfa/verify', { code: await totpFor(admin) });
    expect(verify.status).toBe(409);
    expect(browser.sid).toBeNull();
    const [row] = await identity.sql('select mfa_secret, mfa_enrolled_at from users where id = ?', [id]);
    expect(row).toEqual({ mfa_secret: null, mfa_enrolled_at: null });
    expect(identity.logs.join('')).toContain('"second factor enrolment refused: not at sign-in"');

    // the invitation still works, and sets up the authenticator
    const member: StaffCredentials = { email: input.email, password: 'a long new staff passphrase' };
    expect((await acceptWithApp(await invitationToken(input.email), member)).status).toBe(200);
    await signInStaff(identity, member);
  });
});
