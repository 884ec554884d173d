import { createLogger } from '@tullab/log';
import { normaliseEmailDomain, recogniseDomain } from '../src/modules/institutions/recognition';
import { seedInstitutions } from '../src/modules/institutions/seed';
import { startVerification, type TestVerification } from './helpers';

let verification: TestVerification;

beforeAll(async () => {
  verification = await startVerification();
});

afterAll(async () => {
  await verification?.close();
});

async function recognisedName(email: string): Promise<string | null> {
  const domain = normaliseEmailDomain(email);
  if (!domain) return null;
  return (await recogniseDomain(verification.em(), domain))?.institution.name ?? null;
}

describe('seeding institutions from src/data', () => {
  test('loads the usable domains only (never historical or shared parent domains)', async () => {
    const [counts] = await verification.sql<{ institutions: number; domains: number }>(
      'select (select count(*)::int from institution) as institutions, (select count(*)::int from institution_domain) as domains',
    );
    expect(counts).toEqual({ institutions: 60, domains: 74 });
    expect(
      await verification.sql("select 1 from institution_domain where domain in ('nyu.edu', 'aust.ae')"),
    ).toEqual([]);
  });

  test('is idempotent and keeps staff edits', async () => {
    await verification.sql(
      "update institution set active = false, name = 'Edited' where source_key = 'Zayed University'",
    );
    await seedInstitutions(verification.em(), createLogger('verification', 'silent'));
    const [counts] = await verification.sql<{ n: number }>('select count(*)::int as n from institution');
    expect(counts.n).toBe(60);
    const [edited] = await verification.sql(
      "select name, active from institution where source_key = 'Zayed University'",
    );
    expect(edited).toEqual({ name: 'Edited', active: false });
    await verification.sql(
      "update institution set active = true, name = 'Zayed University' where source_key = 'Zayed University'",
    );
  });
});

describe('recogniseDomain', () => {
  test('a listed student sub-domain is recognised as its institution', async () => {
    expect(await recognisedName('someone@students.cud.ac.ae')).toBe('Canadian University Dubai');
  });

  test('a listed institution domain is recognised', async () => {
    expect(await recognisedName('x@uaeu.ac.ae')).toBe('United Arab Emirates University');
  });

  test('an unlisted sub-domain of a listed domain is recognised', async () => {
    expect(await recognisedName('x@mail.staff.uaeu.ac.ae')).toBe('United Arab Emirates University');
  });

  test('free-mail and unknown domains are not recognised', async () => {
    expect(await recognisedName('x@gmail.com')).toBeNull();
    expect(await recognisedName('x@example.ae')).toBeNull();
  });

  test('a domain that only ends with a listed one, not at a dot boundary, is not recognised', async () => {
    expect(await recognisedName('x@evilcud.ac.ae')).toBeNull();
  });

  test('a low-confidence domain is not recognised, even at an active institution', async () => {
    expect(await recognisedName('x@stu.biticrak.ae')).toBeNull();
    expect(await recognisedName('x@aue.ae')).toBeNull();
  });

  test('a domain of an institution whose status is not active is not recognised', async () => {
    expect(await recognisedName('x@agu.ae')).toBeNull(); // Al Ghurair University: caa-revoked-flag, high confidence
  });
});
