import { parseConfig } from '@tullab/config';
import { getPostgresUrl, getRedisUrl, uniqueName, dropSchema } from '@tullab/testing';
import { generatePassword, parseArgs, runCommand } from '../src/cli';
import { configShape } from '../src';
import { openDatabase } from '../src/db';
import {
  INTERNAL_SECRET,
  newStaff,
  randomIp,
  registered,
  signInStaff,
  startIdentity,
  totpFor,
  type StaffCredentials,
  type TestIdentity,
} from './helpers';
import { createLogger } from '@tullab/log';

let identity: TestIdentity;
const ADMIN: StaffCredentials = {
  email: `${uniqueName('admin')}@tullab.test`,
  password: 'first admin passphrase 2025',
};

beforeAll(async () => {
  identity = await startIdentity({ ADMIN_EMAIL: ADMIN.email.toUpperCase(), ADMIN_PASSWORD: ADMIN.password });
});

afterAll(async () => {
  await identity?.close();
});

function cli(argv: string[], password = '') {
  const lines: string[] = [];
  const run = runCommand(identity.service.deps.orm, argv, {
    out: (line) => lines.push(line),
    readPassword: async () => password,
  });
  return run.then((code) => ({ code, output: lines.join('\n') }));
}

describe('first admin', () => {
  test('is created from ADMIN_EMAIL / ADMIN_PASSWORD and signs in with a second factor; the password is never logged', async () => {
    const [row] = await identity.sql<{ role: string }>('select role from users where email = ?', [
      ADMIN.email,
    ]);
    expect(row.role).toBe('admin');
    const res = await identity.client().post('/auth/login', { email: ADMIN.email, password: ADMIN.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      mfaRequired: true,
      enrolled: false,
      user: { email: ADMIN.email, firstName: 'Tullab', lastName: 'Admin', role: 'admin' },
    });
    const admin = await signInStaff(identity, ADMIN);
    expect((await admin.get('/auth/user')).body.user).toMatchObject({ role: 'admin', mfaEnrolled: true });
    expect(identity.logs.join('')).toContain('first admin created');
    expect(identity.logs.join('')).not.toContain(ADMIN.password);
  });

  test('a weak ADMIN_PASSWORD is refused by the configuration', () => {
    expect(() =>
      parseConfig(configShape, {
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
        INTERNAL_SECRET,
        ADMIN_EMAIL: 'a@b.test',
        ADMIN_PASSWORD: 'password123',
      }),
    ).toThrow(/^ADMIN_PASSWORD is refused: This password is too common/);
  });
});

describe('npm run staff', () => {
  test('create prints a generated password once; the staff member can log in with it', async () => {
    const email = `${uniqueName('reviewer')}@tullab.test`;
    const { code, output } = await cli(['create', '--email', email, '--first', 'Mariam', '--last', 'Haddad']);
    expect(code).toBe(0);
    const password = /Password \(shown once, store it now\): (\S+)/.exec(output)?.[1];
    expect(password).toBeDefined();
    const res = await identity.client(randomIp()).post('/auth/login', { email, password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mfaRequired: true, enrolled: false });
    expect(res.body.user).toEqual({ email, role: 'staff', firstName: 'Mariam', lastName: 'Haddad' });
  });

  test('create --password-stdin takes the password from stdin and checks the policy', async () => {
    const email = `${uniqueName('admin2')}@tullab.test`;
    await expect(
      cli(
        [
          'create',
          '--email',
          email,
          '--first',
          'Sara',
          '--last',
          'Nasser',
          '--role',
          'admin',
          '--password-stdin',
        ],
        'qwerty123',
      ),
    ).rejects.toThrow(/password refused/);
    const { code, output } = await cli(
      [
        'create',
        '--email',
        email,
        '--first',
        'Sara',
        '--last',
        'Nasser',
        '--role',
        'admin',
        '--password-stdin',
      ],
      'a long admin passphrase',
    );
    expect(code).toBe(0);
    expect(output).not.toContain('a long admin passphrase');
    expect(
      (await identity.client().post('/auth/login', { email, password: 'a long admin passphrase' })).body.user
        .role,
    ).toBe('admin');
    await expect(cli(['create', '--email', email, '--first', 'Sara', '--last', 'Nasser'])).rejects.toThrow(
      /already exists/,
    );
  });

  test('set-role changes the role and ends the sessions; disable ends them and blocks login', async () => {
    const email = `${uniqueName('staffer')}@tullab.test`;
    const created = await cli(['create', '--email', email, '--first', 'Omar', '--last', 'Saeed']);
    const member = { email, password: /: (\S+)$/m.exec(created.output)![1] };
    const browser = await signInStaff(identity, member);
    const token = browser.sid!;

    expect((await cli(['set-role', '--email', email, '--role', 'admin'])).output).toContain(
      'role staff → admin; 1 session(s) ended',
    );
    expect((await identity.resolve(token)).status).toBe(401);

    await signInStaff(identity, member, browser);
    const second = browser.sid!;
    expect((await cli(['disable', '--email', email])).output).toContain('disabled; 1 session(s) ended');
    expect((await identity.resolve(second)).status).toBe(401);
    expect((await identity.client().post('/auth/login', member)).status).toBe(401);
    await cli(['enable', '--email', email]);
    expect((await identity.client().post('/auth/login', member)).body.mfaRequired).toBe(true);
  });

  test('reset-mfa forgets the second factor and ends the sessions: the next sign-in enrols a new app', async () => {
    const member = await newStaff(identity);
    const browser = await signInStaff(identity, member);
    const oldSecret = member.secret;
    const { code, output } = await cli(['reset-mfa', '--email', member.email]);
    expect(code).toBe(0);
    expect(output).toContain('second factor reset; 1 session(s) ended');
    expect((await identity.resolve(browser.sid!)).status).toBe(401);

    const again = identity.client();
    const login = await again.post('/auth/login', { email: member.email, password: member.password });
    expect(login.body).toMatchObject({ mfaRequired: true, enrolled: false });
    // the old app's codes are worth nothing now
    const refused = await again.post('/auth/mfa/verify', { code: await totpFor(member) });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'Please set up your authenticator app first',
      code: 'mfa_not_enrolled',
    });
    await signInStaff(identity, member, again);
    expect(member.secret).not.toBe(oldSecret);
    expect((await again.get('/auth/user')).body.user.mfaEnrolled).toBe(true);

    const { student } = await registered(identity);
    await expect(cli(['reset-mfa', '--email', student.email])).rejects.toThrow(
      'students have no second factor',
    );
  });

  test('reset-mfa e-mails the account at once, saying when; the new enrolment at the next sign-in does too', async () => {
    const member = await newStaff(identity);
    await signInStaff(identity, member);
    const before = (await identity.mails(member.email)).length;
    await cli(['reset-mfa', '--email', member.email]);
    const [reset] = (await identity.mails(member.email)).slice(before);
    expect(reset.payload).toEqual({
      to: member.email,
      userId: member.id,
      template: 'staff-second-factor-reset',
      data: { firstName: 'Mariam', resetAt: expect.any(String) },
    });
    expect(Date.now() - Date.parse(reset.payload.data.resetAt)).toBeLessThan(60_000);
    const [row] = await identity.sql<{ mfa_enrol_at_sign_in: boolean }>(
      'select mfa_enrol_at_sign_in from users where id = ?',
      [member.id],
    );
    expect(row.mfa_enrol_at_sign_in).toBe(true);

    await signInStaff(identity, member);
    const templates = (await identity.mails(member.email)).slice(before).map((mail) => mail.payload.template);
    expect(templates).toEqual(['staff-second-factor-reset', 'staff-second-factor-enrolled']);
  });

  test('set-role makes a student staff who sets up an authenticator at the next sign-in', async () => {
    const { student } = await registered(identity);
    await cli(['set-role', '--email', student.email, '--role', 'staff']);
    const browser = await signInStaff(identity, { email: student.email, password: student.password });
    expect((await browser.get('/auth/user')).body.user).toMatchObject({ role: 'staff', mfaEnrolled: true });
  });

  test('unlock lifts the soft lock and the delay without any e-mail: the right password signs in again', async () => {
    const { student, user } = await registered(identity);
    await identity.sql(
      "update users set locked = true, failed_login_count = 100, login_blocked_until = now() + interval '1 hour' where id = ?",
      [user.id],
    );
    const login = () =>
      identity.client().post('/auth/login', { email: student.email, password: student.password });
    expect((await login()).status).toBe(429);
    const { code, output } = await cli(['unlock', '--email', student.email]);
    expect([code, output]).toEqual([0, `${student.email}: unlocked; the next sign-in is checked as usual.`]);
    expect((await login()).status).toBe(200);
    expect(await identity.mails(student.email)).toEqual([]);
  });

  test('usage errors', async () => {
    await expect(cli(['create', '--email', 'x@y.test'])).rejects.toThrow('--first is required');
    await expect(cli(['set-role', '--email', 'nobody@y.test', '--role', 'staff'])).rejects.toThrow(
      'no user with that e-mail',
    );
    await expect(cli(['bogus'])).rejects.toThrow('unknown command: bogus');
    expect(parseArgs(['create', '--email=a@b.test', '--password-stdin'])).toEqual({
      command: 'create',
      options: { email: 'a@b.test', 'password-stdin': true },
    });
    expect(generatePassword()).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  test('the CLI migrates a fresh schema by itself', async () => {
    const databaseUrl = await getPostgresUrl();
    const schema = uniqueName('identity_cli');
    const config = parseConfig(configShape, {
      DATABASE_URL: databaseUrl,
      REDIS_URL: await getRedisUrl(),
      DB_SCHEMA: schema,
      INTERNAL_SECRET,
    });
    const orm = await openDatabase(config, createLogger('identity-cli', 'silent'));
    try {
      const lines: string[] = [];
      const code = await runCommand(
        orm,
        ['create', '--email', 'new@tullab.test', '--first', 'New', '--last', 'Staff'],
        {
          out: (line) => lines.push(line),
          readPassword: async () => '',
        },
      );
      expect(code).toBe(0);
    } finally {
      await orm.close();
      await dropSchema(databaseUrl, schema);
    }
  });
});
