import { newStaff, registered, signInStaff, startIdentity, type TestIdentity } from './helpers';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.close();
});

describe('/students/profile', () => {
  test('404 until created; POST creates it (status ignored, S29; sign-up marketing choices kept); GET reads it back', async () => {
    const { student, client } = await registered(identity);
    const missing = await client.get('/students/profile');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Profile not found', code: 'not_found' });

    // what the dashboard sends after a 404 (SPEC §4): names and e-mail of the user, an empty phone, status pending
    const created = await client.post('/students/profile', {
      firstName: 'Layla',
      lastName: 'Hassan',
      email: student.email,
      phoneNumber: '',
      emailMarketing: true,
      whatsappMarketing: true,
      status: 'active',
    });
    expect(created.status).toBe(201);
    const expected = {
      firstName: 'Layla',
      lastName: 'Hassan',
      email: student.email,
      phoneNumber: '+971 50 123 4567',
      // signed up with WhatsApp off: the dashboard's automatic `true` does not turn it on
      emailMarketing: true,
      whatsappMarketing: false,
      status: 'none',
      studentEmail: null,
      verifiedAt: null,
    };
    expect(created.body).toEqual({ student: expected });
    expect((await client.get('/students/profile')).body).toEqual({ student: expected });
    expect((await client.get('/auth/user')).body.user.verification.status).toBe('none');

    const twice = await client.post('/students/profile', {
      firstName: 'Layla',
      lastName: 'Hassan',
      email: student.email,
    });
    expect(twice.status).toBe(409);
  });

  test('PATCH updates names, phone (or null) and marketing choices, and the user follows', async () => {
    const { student, client } = await registered(identity);
    await client.post('/students/profile', {
      firstName: 'Layla',
      lastName: 'Hassan',
      email: student.email,
      phoneNumber: '',
    });
    const res = await client.patch('/students/profile', {
      firstName: 'Laila',
      lastName: 'Al Hassan',
      email: student.email,
      phoneNumber: null,
      emailMarketing: false,
      whatsappMarketing: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.student).toMatchObject({
      firstName: 'Laila',
      lastName: 'Al Hassan',
      phoneNumber: null,
      emailMarketing: false,
      whatsappMarketing: true,
    });
    const me = (await client.get('/auth/user')).body.user;
    expect(me).toMatchObject({
      firstName: 'Laila',
      lastName: 'Al Hassan',
      phone: null,
      emailMarketing: false,
      whatsappMarketing: true,
    });
    const phone = await client.patch('/students/profile', { phoneNumber: '(050) 123-4567' });
    expect(phone.body.student.phoneNumber).toBe('(050) 123-4567');
  });

  test('SPEC §5 rules: names at least 2, valid phone; another e-mail → 400', async () => {
    const { student, client } = await registered(identity);
    await client.post('/students/profile', { firstName: 'Layla', lastName: 'Hassan', email: student.email });
    expect((await client.patch('/students/profile', { firstName: 'L' })).body).toEqual({
      message: 'First name must be at least 2 characters',
      code: 'validation_failed',
      errors: { firstName: 'First name must be at least 2 characters' },
    });
    expect((await client.patch('/students/profile', { phoneNumber: '12ab567890' })).body.message).toBe(
      'Please enter a valid phone number',
    );
    const other = await client.patch('/students/profile', { email: 'someone.else@example.com' });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('To change your login email, please contact support');
    const { client: fresh } = await registered(identity);
    const onCreate = await fresh.post('/students/profile', {
      firstName: 'Omar',
      lastName: 'Ali',
      email: student.email,
    });
    expect(onCreate.status).toBe(400);
    expect(onCreate.body.message).toBe('To change your login email, please contact support');
  });

  test('PATCH without a profile → 404; a visitor → 401; staff → 403', async () => {
    const { client } = await registered(identity);
    expect((await client.patch('/students/profile', { firstName: 'Layla' })).status).toBe(404);
    expect((await identity.client().get('/students/profile')).status).toBe(401);
    const signedInStaff = await signInStaff(identity, await newStaff(identity));
    const staff = await signedInStaff.get('/students/profile');
    expect(staff.status).toBe(403);
    expect(staff.body).toEqual({ message: 'Only students have a profile', code: 'forbidden' });
  });
});

describe('POST /students/change-password', () => {
  test('right current password: 200, other sessions end, this one is replaced, a notice is queued (S36)', async () => {
    const { student, client: laptop } = await registered(identity);
    const phone = identity.client();
    await phone.post('/auth/login', { email: student.email, password: student.password });
    const before = laptop.sid!;
    const newPassword = 'brand new passphrase 2025!';
    const res = await laptop.post('/students/change-password', {
      currentPassword: student.password,
      newPassword,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password changed successfully' });
    expect(laptop.sid).not.toBe(before);
    expect((await identity.resolve(before)).status).toBe(401);
    expect((await identity.resolve(phone.sid!)).status).toBe(401);
    expect((await laptop.get('/auth/user')).status).toBe(200);
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: newPassword })).status,
    ).toBe(200);
    const mails = await identity.mails(student.email);
    expect(mails.map((m) => m.payload.template)).toEqual(['password-changed']);
  });

  test('20 simultaneous wrong current passwords: at most 5 are checked, the rest wait out the delay (S11)', async () => {
    const { client } = await registered(identity);
    const statuses = (
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          client.post('/students/change-password', {
            currentPassword: `not it ${i} at all`,
            newPassword: 'brand new passphrase 2025!',
          }),
        ),
      )
    ).map((res) => res.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
  });

  test('wrong current password → 400 and it counts towards the account delay (S11)', async () => {
    const { client, user } = await registered(identity);
    const res = await client.post('/students/change-password', {
      currentPassword: 'not my password',
      newPassword: 'brand new passphrase 2025!',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Current password is incorrect');
    const [row] = await identity.sql<{ failed_login_count: number }>(
      'select failed_login_count from users where id = ?',
      [user.id],
    );
    expect(row.failed_login_count).toBe(1);
  });

  test('the new password follows the policy; missing fields; a visitor → 401', async () => {
    const { student, client } = await registered(identity);
    expect(
      (
        await client.post('/students/change-password', {
          currentPassword: student.password,
          newPassword: 'short',
        })
      ).body.message,
    ).toBe('Password must be at least 8 characters');
    expect(
      (await client.post('/students/change-password', { newPassword: 'brand new passphrase' })).body.message,
    ).toBe('Please fill in all password fields.');
    expect(
      (await identity.client().post('/students/change-password', { currentPassword: 'x', newPassword: 'y' }))
        .status,
    ).toBe(401);
  });
});
