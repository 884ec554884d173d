import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { getPostgresUrl, uniqueName } from '@tullab/testing';
import { client, ORIGIN } from '../helpers';
import { browserWithOwnAddress } from './browsers';
import { eventually } from './eventually';
import { ADMIN, startStack, type Stack } from './stack';
import { acceptInvitation, signInStaff, type StaffCredentials } from './staff';
import { signUpStudent, verifyByCode, type SignedUpStudent } from './students';

// Backups (README "Backups"): a stack with real data, its database dumped and restored into a fresh one with
// deploy/backup.sh (the script the README gives ops, here with the PostgreSQL tools on the PATH), its object store
// copied as `mc mirror` would, and the services started again on the copy.

const SCRIPT = path.resolve(__dirname, '../../../../deploy/backup.sh');

/** A 1 × 1 PNG, the applicant's logo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type Schemas = Stack['schemas'];

/** The URL of the database `name` on the server of `serverUrl`. */
function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, run: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: serverUrl });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

/** The migrations each schema has applied, with when: a migration run again would change them. */
function appliedMigrations(databaseUrl: string, schemas: Schemas) {
  return onServer(databaseUrl, async (db) => {
    const applied: Record<string, Array<{ name: string; executed_at: Date }>> = {};
    for (const [service, schema] of Object.entries(schemas)) {
      applied[service] = (
        await db.query(`select name, executed_at from "${schema}".mikro_orm_migrations order by id`)
      ).rows;
    }
    return applied;
  });
}

/**
 * Runs `deploy/backup.sh dump > file` or `deploy/backup.sh restore < file` for the database of `databaseUrl`, with
 * the PostgreSQL tools on the PATH (`PG_RUN=`) and the libpq variables the README names.
 */
async function backupScript(command: 'dump' | 'restore', databaseUrl: string, file: string) {
  const url = new URL(databaseUrl);
  const env = {
    ...process.env,
    PG_RUN: '',
    PGHOST: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username),
    PGDATABASE: url.pathname.slice(1),
    ...(url.password && { PGPASSWORD: decodeURIComponent(url.password) }),
  };
  const archive = await open(file, command === 'dump' ? 'w' : 'r');
  try {
    const script = spawn('sh', [SCRIPT, command], {
      env,
      stdio: command === 'dump' ? ['ignore', archive.fd, 'pipe'] : [archive.fd, 'ignore', 'pipe'],
    });
    let stderr = '';
    script.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(script, 'close')) as [number | null];
    return { code, stderr };
  } finally {
    await archive.close();
  }
}

let serverUrl: string;
const databases = {
  source: uniqueName('backup'),
  restored: uniqueName('restored'),
  empty: uniqueName('empty'),
};
let workDir: string;
let dump: string;
/** the stack the backup is taken of, until it is stopped */
let original: Stack | undefined;
/** the stack started on the restored database and the copied objects */
let restored: Stack;
/** the schemas of the original stack, so of the backup */
let schemas: Schemas;
let migrationsBefore: Awaited<ReturnType<typeof appliedMigrations>>;
let student: SignedUpStudent;
const reviewer: StaffCredentials = {
  email: `${uniqueName('reviewer')}@tullab.test`,
  password: 'a reviewer passphrase 5',
};
let applicationId: string;
let offerId: string;
let code: string;

/** Everything the backup must hold, made through the API as people would. */
async function fillWithData(stack: Stack) {
  const admin = await signInStaff(stack.url, ADMIN);

  const invited = await admin.post('/api/admin/staff', {
    email: reviewer.email,
    firstName: 'Mariam',
    lastName: 'Haddad',
    role: 'staff',
    currentPassword: ADMIN.password,
  });
  if (invited.status !== 201) throw new Error(`invitation answered ${invited.status}: ${invited.text}`);
  const invitation = await stack.smtp.waitFor((mail) => mail.to.includes(reviewer.email), 15_000);
  const token = /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(invitation.text)![1];
  const accepted = await acceptInvitation(stack.url, token, reviewer);
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${accepted.text}`);

  student = await signUpStudent(browserWithOwnAddress(stack.url));
  await verifyByCode(stack, student);

  const application = browserWithOwnAddress(stack.url)
    .agent.post('/api/merchant-applications')
    .set('Origin', ORIGIN);
  const fields = {
    brandName: 'Backup Coffee',
    brandCategory: 'other',
    businessDescription: 'Coffee that outlives its database.',
    offerType: 'discount',
    discountCode: `BACKUP-${uniqueName('c').slice(-8)}`,
    discountType: 'percentage',
    discountValue: '15',
    hasExpiry: 'false',
    websiteLink: 'https://backup-coffee.example',
    discountRedemptionGuide: JSON.stringify([{ id: 'a', step: 1, instruction: 'Show the code' }]),
    termsAndConditions: 'One drink per visit, students only.',
    contactEmail: 'owner@backup-coffee.example',
    contactName: 'Omar Saeed',
    contactPhone: '+971 50 765 4321',
  };
  for (const [name, value] of Object.entries(fields)) application.field(name, value);
  const submitted = await application.attach('logoFile', PNG, 'logo.png');
  if (submitted.status !== 201)
    throw new Error(`application answered ${submitted.status}: ${submitted.text}`);
  applicationId = submitted.body.id as string;
  const approved = await admin.post(`/api/admin/merchant-applications/${applicationId}/approve`, {
    status: 'live',
  });
  if (approved.status !== 200) throw new Error(`approval answered ${approved.status}: ${approved.text}`);
  offerId = approved.body.offerId as string;

  const redeemed = await student.browser.post(`/api/offers/${offerId}/redeem`);
  if (redeemed.status !== 200) throw new Error(`redeem answered ${redeemed.status}: ${redeemed.text}`);
  code = redeemed.body.code as string;
  // the backup is taken once the worker has counted the redemption: nothing is on its way
  const uses = await eventually(
    async () =>
      ((await client(stack.url).get('/api/offers')).body as Array<{ id: string; currentUses: number }>).find(
        (offer) => offer.id === offerId,
      )?.currentUses,
    (count) => count === 1,
  );
  if (uses !== 1) throw new Error(`the redemption was not counted: currentUses ${uses}`);
}

beforeAll(async () => {
  serverUrl = await getPostgresUrl();
  workDir = await mkdtemp(path.join(tmpdir(), 'tullab-backup-'));
  dump = path.join(workDir, 'tullab.dump');
  await onServer(serverUrl, (db) => db.query(`create database ${databases.source}`));
  const sourceUrl = databaseUrlOf(serverUrl, databases.source);

  original = await startStack({
    databaseUrl: sourceUrl,
    s3Directory: path.join(workDir, 's3'),
    trustProxy: 'loopback',
  });
  schemas = original.schemas;
  await fillWithData(original);
  migrationsBefore = await appliedMigrations(sourceUrl, schemas);
  const dumped = await backupScript('dump', sourceUrl, dump);
  if (dumped.code !== 0) throw new Error(`backup.sh dump failed: ${dumped.stderr}`);
  await original.close();
  original = undefined;

  const restore = await backupScript('restore', databaseUrlOf(serverUrl, databases.restored), dump);
  if (restore.code !== 0) throw new Error(`backup.sh restore failed: ${restore.stderr}`);
  // the object store, as `mc mirror` copies its buckets back
  await cp(path.join(workDir, 's3'), path.join(workDir, 's3-restored'), { recursive: true });
  restored = await startStack({
    databaseUrl: databaseUrlOf(serverUrl, databases.restored),
    schemas,
    s3Directory: path.join(workDir, 's3-restored'),
    trustProxy: 'loopback',
  });
}, 180_000);

afterAll(async () => {
  await original?.close();
  await restored?.close();
  await onServer(serverUrl, async (db) => {
    for (const name of Object.values(databases)) {
      await db.query(`drop database if exists ${name} with (force)`);
    }
  });
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('a backup restored into a fresh database (deploy/backup.sh)', () => {
  test('holds every schema, its migrations applied as before: the services started on it ran none again', async () => {
    const migrationsAfter = await appliedMigrations(restored.databaseUrl, schemas);
    expect(migrationsAfter).toEqual(migrationsBefore);
    for (const applied of Object.values(migrationsAfter)) expect(applied.length).toBeGreaterThan(0);
  });

  test('the student signs in with their old password, still verified, and redeeming again answers the same code', async () => {
    const browser = browserWithOwnAddress(restored.url);
    const login = await browser.post('/api/auth/login', {
      email: student.student.email,
      password: student.student.password,
    });
    expect(login.status).toBe(200);
    const me = await browser.get('/api/auth/user');
    expect(me.body.user).toMatchObject({ id: student.id, verification: { status: 'active' } });
    expect((await browser.post(`/api/offers/${offerId}/redeem`)).body).toEqual({ code });
  });

  test('the catalogue lists the approved offer, its redemption counted and its logo served', async () => {
    const visitor = client(restored.url);
    const offer = ((await visitor.get('/api/offers')).body as Array<Record<string, unknown>>).find(
      (item) => item.id === offerId,
    );
    expect(offer).toMatchObject({ brandName: 'Backup Coffee', currentUses: 1 });
    const logo = await visitor.agent.get(offer!.logoUrl as string);
    expect(logo.status).toBe(200);
    expect(Buffer.compare(logo.body as Buffer, PNG)).toBe(0);
  });

  test('staff invited before the backup sign in with their password and authenticator, and their lists hold the data', async () => {
    const staff = await signInStaff(restored.url, reviewer);
    const students = await staff.get(
      `/api/admin/students?filter=${encodeURIComponent(JSON.stringify({ q: student.student.email }))}`,
    );
    expect(students.body).toEqual([
      expect.objectContaining({ id: student.id, email: student.student.email }),
    ]);
    const application = await staff.get(`/api/admin/merchant-applications/${applicationId}`);
    expect(application.body).toMatchObject({ status: 'approved', offerId });
    const redemptions = await staff.get('/api/admin/redemptions');
    expect(redemptions.body).toEqual([expect.objectContaining({ offerId, userId: student.id, code })]);
  });

  test('new data goes in and its events flow: a new student signs up and is verified by code', async () => {
    const newcomer = await signUpStudent(browserWithOwnAddress(restored.url));
    await verifyByCode(restored, newcomer);
    expect((await newcomer.browser.get('/api/auth/user')).body.user.verification.status).toBe('active');
  });

  test('a restore into a database that is not empty is refused; one that exists empty is used', async () => {
    const refused = await backupScript('restore', restored.databaseUrl, dump);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`the database "${databases.restored}" is not empty`);
    expect(await appliedMigrations(restored.databaseUrl, schemas)).toEqual(migrationsBefore);

    // as the postgres image of docker compose creates `tullab` on a new volume
    const emptyUrl = databaseUrlOf(serverUrl, databases.empty);
    await onServer(serverUrl, (db) => db.query(`create database ${databases.empty}`));
    const intoEmpty = await backupScript('restore', emptyUrl, dump);
    expect(intoEmpty).toEqual({
      code: 0,
      stderr: `backup.sh: restored into the database "${databases.empty}"\n`,
    });
    expect(await appliedMigrations(emptyUrl, schemas)).toEqual(migrationsBefore);
  });
});
