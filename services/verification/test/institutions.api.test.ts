import request from 'supertest';
import { recogniseDomain } from '../src/modules/institutions/recognition';
import { as, startVerification, type TestVerification } from './helpers';

let verification: TestVerification;
const staff = () => as('staff');
const api = () => request(verification.url);

beforeAll(async () => {
  verification = await startVerification();
});

afterAll(async () => {
  await verification?.close();
});

const recognised = async (domain: string) =>
  (await recogniseDomain(verification.em(), domain))?.institution.name ?? null;

describe('GET /admin/institutions', () => {
  test('a visitor → 401, a student → 403', async () => {
    expect((await api().get('/admin/institutions').set(as(null))).status).toBe(401);
    expect((await api().get('/admin/institutions').set(as('student'))).status).toBe(403);
    expect((await api().delete('/admin/institutions/x').set(as('student'))).status).toBe(403);
  });

  test('staff get a page sorted by name with Content-Range', async () => {
    const res = await api().get('/admin/institutions').query({ range: '[0,9]' }).set(staff());
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('institutions 0-9/60');
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(res.body).toHaveLength(10);
    const names = res.body.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  test('filters by q, emirate and active, each record with its domains', async () => {
    const res = await api()
      .get('/admin/institutions')
      .query({ filter: JSON.stringify({ q: 'canadian', emirate: 'Dubai', active: true }) })
      .set(as('admin'));
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('institutions 0-0/1');
    expect(res.body).toEqual([
      {
        id: expect.any(String),
        name: 'Canadian University Dubai',
        otherNames: ['CUD', 'Canadian university Dubai'],
        emirate: 'Dubai',
        city: null,
        status: 'active',
        active: true,
        domains: [
          { domain: 'cud.ac.ae', confidence: 'high', kind: 'institution' },
          { domain: 'students.cud.ac.ae', confidence: 'high', kind: 'student-subdomain' },
        ],
        createdAt: expect.any(String),
      },
    ]);
    const inactive = await api()
      .get('/admin/institutions')
      .query({ filter: '{"active":false}', range: '[0,99]' })
      .set(staff());
    expect(inactive.body.length).toBeGreaterThan(0);
    expect(inactive.body.every((r: { active: boolean }) => !r.active)).toBe(true);
  });

  test('a malformed or unknown sort → 400 with a clear message', async () => {
    const res = await api().get('/admin/institutions').query({ sort: '["sourceKey","ASC"]' }).set(staff());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Invalid sort: cannot sort by "sourceKey"',
      code: 'invalid_request',
    });
  });
});

describe('POST, GET, PUT and DELETE /admin/institutions/:id', () => {
  test('a staff-added institution is stored and its domain is recognised at once', async () => {
    const res = await api()
      .post('/admin/institutions')
      .set(staff())
      .send({
        name: 'Emirates Test College',
        emirate: 'Sharjah',
        domains: [{ domain: ' ETC.ac.ae ' }],
        status: 'active',
        sourceKey: 'hijack',
        id: '00000000-0000-4000-8000-000000000000',
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Emirates Test College',
      status: 'staff-added',
      active: true,
      domains: [{ domain: 'etc.ac.ae', confidence: 'high', kind: 'institution' }],
    });
    expect(res.body.id).not.toBe('00000000-0000-4000-8000-000000000000');
    const [row] = await verification.sql('select source_key from institution where id = ?', [res.body.id]);
    expect(row).toEqual({ source_key: null });
    expect(await recognised('students.etc.ac.ae')).toBe('Emirates Test College');
    expect((await api().get(`/admin/institutions/${res.body.id}`).set(staff())).body).toEqual(res.body);
  });

  test('invalid input → 400 naming the field', async () => {
    const res = await api()
      .post('/admin/institutions')
      .set(staff())
      .send({ name: 'Bad Domains', domains: [{ domain: 'not a domain' }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please enter a domain, e.g. uni.ac.ae',
      code: 'validation_failed',
      errors: { 'domains.0.domain': 'Please enter a domain, e.g. uni.ac.ae' },
    });
  });

  test('a domain another institution owns → 409 naming it, and nothing changes', async () => {
    const res = await api()
      .post('/admin/institutions')
      .set(staff())
      .send({ name: 'Copycat', domains: [{ domain: 'cud.ac.ae' }] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('cud.ac.ae already belongs to Canadian University Dubai');
    expect(await verification.sql("select 1 from institution where name = 'Copycat'")).toEqual([]);

    const [{ id }] = await verification.sql<{ id: string }>(
      "select id from institution where source_key = 'Zayed University'",
    );
    const put = await api()
      .put(`/admin/institutions/${id}`)
      .set(staff())
      .send({ name: 'Renamed', active: true, domains: [{ domain: 'zu.ac.ae' }, { domain: 'cud.ac.ae' }] });
    expect(put.status).toBe(409);
    expect(await verification.sql('select name from institution where id = ?', [id])).toEqual([
      { name: 'Zayed University' },
    ]);
  });

  test('PUT updates the fields and replaces the domain list; deactivating stops recognition', async () => {
    const [{ id }] = await verification.sql<{ id: string }>(
      "select id from institution where source_key = 'United Arab Emirates University'",
    );
    expect(await recognised('uaeu.ac.ae')).toBe('United Arab Emirates University');
    const res = await api()
      .put(`/admin/institutions/${id}`)
      .set(staff())
      .send({
        name: 'UAE University',
        emirate: 'Abu Dhabi',
        city: 'Al Ain',
        active: false,
        domains: [{ domain: 'uaeu.ac.ae' }, { domain: 'students.uaeu.ac.ae', kind: 'student-subdomain' }],
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'UAE University',
      city: 'Al Ain',
      active: false,
      domains: [
        { domain: 'students.uaeu.ac.ae', confidence: 'high', kind: 'student-subdomain' },
        { domain: 'uaeu.ac.ae', confidence: 'high', kind: 'institution' },
      ],
    });
    expect(await recognised('uaeu.ac.ae')).toBeNull();

    const back = await api()
      .put(`/admin/institutions/${id}`)
      .set(staff())
      .send({ name: 'UAE University', active: true, domains: [{ domain: 'students.uaeu.ac.ae' }] });
    expect(back.body.domains).toEqual([
      { domain: 'students.uaeu.ac.ae', confidence: 'high', kind: 'institution' },
    ]);
    expect(await recognised('students.uaeu.ac.ae')).toBe('UAE University');
    expect(await recognised('uaeu.ac.ae')).toBeNull();
  });

  test('PUT without active → 400; an unknown id → 404', async () => {
    const [{ id }] = await verification.sql<{ id: string }>(
      "select id from institution where source_key = 'Zayed University'",
    );
    const missingActive = await api()
      .put(`/admin/institutions/${id}`)
      .set(staff())
      .send({ name: 'Zayed University', domains: [{ domain: 'zu.ac.ae' }] });
    expect(missingActive.status).toBe(400);
    expect(missingActive.body.errors).toEqual({ active: 'Active must be true or false' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await api().get(`/admin/institutions/${unknown}`).set(staff())).status).toBe(404);
  });

  test('DELETE removes the institution and its domains', async () => {
    const created = await api()
      .post('/admin/institutions')
      .set(staff())
      .send({ name: 'Short Lived Academy', domains: [{ domain: 'sla.ae' }] });
    const res = await api().delete(`/admin/institutions/${created.body.id}`).set(staff());
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Short Lived Academy');
    expect(await verification.sql("select 1 from institution_domain where domain = 'sla.ae'")).toEqual([]);
    expect(await recognised('sla.ae')).toBeNull();
    expect((await api().delete(`/admin/institutions/${created.body.id}`).set(staff())).status).toBe(404);
  });
});

describe('staff changes to institutions are trust data: bounded and audited', () => {
  test('a public mail provider (or a sub-domain of one) is refused as an institution domain', async () => {
    for (const domain of ['gmail.com', 'Outlook.com', 'mail.yahoo.com', 'icloud.com']) {
      const res = await api()
        .post('/admin/institutions')
        .set(staff())
        .send({ name: 'Free Mail University', domains: [{ domain }] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'A public mail provider cannot be an institution domain',
        code: 'validation_failed',
        errors: { 'domains.0.domain': 'A public mail provider cannot be an institution domain' },
      });
    }
    expect(await verification.sql("select 1 from institution where name = 'Free Mail University'")).toEqual(
      [],
    );
  });

  test('a public mail domain already stored (an old edit, a raw statement) is never recognised', async () => {
    const created = await api()
      .post('/admin/institutions')
      .set(staff())
      .send({ name: 'Legacy Row College', domains: [{ domain: 'lrc.ac.ae' }] });
    await verification.sql("update institution_domain set domain = 'hotmail.com' where domain = 'lrc.ac.ae'");
    expect(await recognised('hotmail.com')).toBeNull();
    await api().delete(`/admin/institutions/${created.body.id}`).set(staff());
  });

  test('creating, editing and deleting each write an audit row: who, and what changed from what to what', async () => {
    const admin = as('admin');
    const created = await api()
      .post('/admin/institutions')
      .set(admin)
      .send({ name: 'Audited Institute', emirate: 'Dubai', domains: [{ domain: 'audited.ac.ae' }] });
    const id = created.body.id as string;
    await api()
      .put(`/admin/institutions/${id}`)
      .set(admin)
      .send({
        name: 'Audited Institute',
        emirate: 'Dubai',
        active: true,
        domains: [{ domain: 'audited.ac.ae' }],
      });
    await api()
      .put(`/admin/institutions/${id}`)
      .set(admin)
      .send({
        name: 'Audited Institute',
        emirate: 'Dubai',
        active: true,
        domains: [
          { domain: 'audited.ac.ae' },
          { domain: 'students.audited.ac.ae', kind: 'student-subdomain' },
        ],
      });
    await api().delete(`/admin/institutions/${id}`).set(admin);

    const log = await api()
      .get('/admin/audit-log')
      .query({ filter: JSON.stringify({ resourceId: id }), sort: JSON.stringify(['createdAt', 'ASC']) })
      .set(staff());
    expect(log.status).toBe(200);
    const rows = log.body as Array<{ action: string; resource: string; actorRole: string; changes: unknown }>;
    expect(rows.map((row) => [row.resource, row.action, row.actorRole])).toEqual([
      ['institutions', 'create', 'admin'],
      ['institutions', 'update', 'admin'],
      ['institutions', 'delete', 'admin'],
    ]);
    const audited = { domain: 'audited.ac.ae', confidence: 'high', kind: 'institution' };
    expect(rows[0].changes).toMatchObject({
      name: { from: null, to: 'Audited Institute' },
      domains: { from: null, to: [audited] },
    });
    expect(rows[1].changes).toEqual({
      domains: {
        from: [audited],
        to: [audited, { domain: 'students.audited.ac.ae', confidence: 'high', kind: 'student-subdomain' }],
      },
    });
    expect(rows[2].changes).toMatchObject({ name: { from: 'Audited Institute', to: null } });
  });
});
