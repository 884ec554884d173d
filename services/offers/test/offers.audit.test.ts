import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { PNG, as, createOffer, offerForm, staff, startOffers, type TestOffers } from './helpers';

let offers: TestOffers;
const api = () => request(offers.url);

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

interface AuditRow {
  action: string;
  resource: string;
  resourceId: string;
  actorId: string;
  actorRole: string;
  requestId: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  createdAt: string;
}

/** The offer's rows of the offers audit log, as the console reads them, by action (each action at most once). */
async function auditOf(offerId: string): Promise<Record<string, AuditRow>> {
  const res = await api()
    .get('/admin/offer-audit-log')
    .query({ filter: JSON.stringify({ resourceId: offerId }), range: '[0,99]' })
    .set(staff());
  expect(res.status).toBe(200);
  const rows = res.body as AuditRow[];
  const byAction = Object.fromEntries(rows.map((row) => [row.action, row]));
  expect(Object.keys(byAction)).toHaveLength(rows.length);
  return byAction;
}

/** Makes the database refuse `event` on `table` while `run` runs (a trigger of the test's own schema). */
async function refusing<T>(
  table: string,
  event: string,
  condition: string,
  run: () => Promise<T>,
): Promise<T> {
  await offers.sql(`create function refused_by_test() returns trigger language plpgsql as $$
    begin raise exception 'refused by the test'; end $$`);
  await offers.sql(`create trigger refused_by_test before ${event} on ${table} for each row
    when (${condition}) execute function refused_by_test()`);
  try {
    return await run();
  } finally {
    await offers.sql(`drop trigger refused_by_test on ${table}`);
    await offers.sql('drop function refused_by_test()');
  }
}

const listedIds = async () =>
  (await api().get('/offers').set(as(null))).body.map((o: { id: string }) => o.id);

describe('offer changes in /admin/offer-audit-log', () => {
  test('creating, editing, resuming, pausing and deleting each write a row: who, when, what changed from what to what', async () => {
    const staffId = randomUUID();
    const member = () => as('staff', { userId: staffId });
    const form = offerForm({ title: 'Audited offer', code: 'SECRET-OWN-1', status: 'draft' });
    const created = await api().post('/admin/offers').set(member()).send(form);
    expect(created.status).toBe(201);
    const id: string = created.body.id;

    const edit = {
      ...form,
      title: 'Audited offer, renamed',
      discountValue: 25,
      code: 'SECRET-OWN-2',
      expiresAt: '2030-01-31T20:00:00.000Z',
      discountRedemptionGuide: [{ instruction: 'Show the code at the till' }],
    };
    const edited = await api()
      .put(`/admin/offers/${id}`)
      .set(member())
      .set('x-request-id', 'edit-1')
      .send(edit);
    expect(edited.status).toBe(200);
    // the same form again changes nothing, so it writes nothing
    expect((await api().put(`/admin/offers/${id}`).set(member()).send(edit)).status).toBe(200);
    for (const action of ['resume', 'pause'])
      expect((await api().post(`/admin/offers/${id}/${action}`).set(member())).status).toBe(200);
    expect(
      (
        await api()
          .delete(`/admin/offers/${id}`)
          .set(as('admin', { userId: staffId }))
      ).status,
    ).toBe(200);

    const rows = await auditOf(id);
    expect(Object.keys(rows).sort()).toEqual(['create', 'delete', 'pause', 'resume', 'update']);
    for (const row of Object.values(rows)) {
      expect(row).toMatchObject({ resource: 'offers', resourceId: id, actorId: staffId });
      expect(row.requestId).toEqual(expect.any(String));
      expect(Date.parse(row.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(rows.create).toMatchObject({ actorRole: 'staff', fromStatus: null, toStatus: 'draft' });
    expect(rows.create.changes).toMatchObject({
      title: { from: null, to: 'Audited offer' },
      brandName: { from: null, to: 'Test Brand' },
      discountValue: { from: null, to: 20 },
      code: { from: null, to: '(hidden)' },
      discountRedemptionGuide: { from: null, to: [expect.objectContaining({ step: 1 }), expect.anything()] },
    });
    expect(rows.update).toMatchObject({
      requestId: 'edit-1',
      fromStatus: null,
      toStatus: null,
      changes: {
        title: { from: 'Audited offer', to: 'Audited offer, renamed' },
        discountValue: { from: 20, to: 25 },
        code: { from: '(hidden)', to: '(hidden)' },
        expiresAt: { from: null, to: '2030-01-31T20:00:00.000Z' },
        discountRedemptionGuide: {
          from: [
            { step: 1, instruction: 'Copy the code' },
            { step: 2, instruction: 'Paste it at checkout' },
          ],
          to: [{ step: 1, instruction: 'Show the code at the till' }],
        },
      },
    });
    expect(rows.resume).toMatchObject({ fromStatus: 'draft', toStatus: 'live', changes: null });
    expect(rows.pause).toMatchObject({ fromStatus: 'live', toStatus: 'paused', changes: null });
    expect(rows.delete).toMatchObject({ actorRole: 'admin', fromStatus: 'paused', toStatus: 'archived' });
    // the log keeps that the code changed, never the code
    expect(JSON.stringify(rows)).not.toMatch(/SECRET-OWN/);
  });

  test('an import records how many codes the pool held before and after, never the codes; repeats alone write nothing', async () => {
    const offer = await createOffer(offers);
    const staffId = randomUUID();
    const importCsv = (csv: string) =>
      api()
        .post(`/admin/offers/${offer.id}/codes`)
        .set(as('staff', { userId: staffId }))
        .send({ csv });
    expect((await importCsv('SECRET-POOL-1\nSECRET-POOL-2\nSECRET-POOL-3')).body).toMatchObject({ added: 3 });
    expect((await importCsv('SECRET-POOL-1')).body).toMatchObject({ added: 0, duplicates: 1 });
    const rows = await auditOf(offer.id);
    expect(Object.keys(rows).sort()).toEqual(['create', 'import-codes']);
    expect(rows['import-codes']).toMatchObject({
      actorId: staffId,
      changes: { codesTotal: { from: 0, to: 3 } },
    });
    expect(JSON.stringify(rows)).not.toMatch(/SECRET-POOL/);
  });

  test('a new logo is recorded with its version', async () => {
    const offer = await createOffer(offers);
    const res = await api()
      .post(`/admin/offers/${offer.id}/logo`)
      .set(staff())
      .attach('logoFile', PNG, 'a.png');
    expect(res.status).toBe(200);
    expect((await auditOf(offer.id))['change-logo']).toMatchObject({
      changes: { logoVersion: { from: 0, to: 1 } },
    });
  });
});

describe('an offer change and its audit row are one transaction', () => {
  test('when the row cannot be stored, the change is not stored either', async () => {
    const offer = await createOffer(offers, { title: 'Kept as it was' });
    const answers = await refusing('audit_log', 'insert', `new.resource = 'offers'`, async () => [
      await api()
        .post('/admin/offers')
        .set(staff())
        .send(offerForm({ title: 'Never created' })),
      await api()
        .put(`/admin/offers/${offer.id}`)
        .set(staff())
        .send(offerForm({ title: 'Never renamed' })),
      await api().post(`/admin/offers/${offer.id}/pause`).set(staff()),
      await api().delete(`/admin/offers/${offer.id}`).set(staff()),
      await api().post(`/admin/offers/${offer.id}/codes`).set(staff()).send({ csv: 'NEVER-1' }),
      await api().post(`/admin/offers/${offer.id}/logo`).set(staff()).attach('logoFile', PNG, 'a.png'),
    ]);
    expect(answers.map((res) => res.status)).toEqual([500, 500, 500, 500, 500, 500]);
    expect(await offers.sql("select id from offer where title = 'Never created'")).toEqual([]);
    expect((await api().get(`/admin/offers/${offer.id}`).set(staff())).body).toMatchObject({
      title: 'Kept as it was',
      status: 'live',
      codesTotal: 0,
      logoUrl: null,
    });
    expect(await listedIds()).toContain(offer.id);
    expect(Object.keys(await auditOf(offer.id))).toEqual(['create']);
  });

  test('when the change cannot be stored, neither is its row', async () => {
    const offer = await createOffer(offers);
    const refused = await refusing('offer', 'update', `new.title = 'Refused title'`, () =>
      api()
        .put(`/admin/offers/${offer.id}`)
        .set(staff())
        .send(offerForm({ title: 'Refused title' })),
    );
    expect(refused.status).toBe(500);
    expect(Object.keys(await auditOf(offer.id))).toEqual(['create']);
    const renamed = await api()
      .put(`/admin/offers/${offer.id}`)
      .set(staff())
      .send(offerForm({ title: 'Refused title' }));
    expect(renamed.status).toBe(200);
    expect((await auditOf(offer.id)).update.changes).toEqual({
      title: { from: '20% off everything', to: 'Refused title' },
    });
  });
});
