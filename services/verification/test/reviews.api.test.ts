import type request from 'supertest';
import { startedForTests } from '@tullab/testing';
import { as, startVerification, testUser } from './helpers';
import { files } from './files';
import { reviewTests } from './reviews.fixture';

const verification = startedForTests(startVerification);
const { api, staff, uploadedDocument, unrecognisedEmail, statusOf, auditRows } = reviewTests(verification);

describe('who may review', () => {
  test('a visitor → 401 and a student → 403 on every admin route, documents included', async () => {
    const owner = testUser();
    const id = await uploadedDocument(owner);
    const routes: Array<[string, string]> = [
      ['get', '/admin/verifications'],
      ['get', '/admin/verifications/summary'],
      ['get', `/admin/verifications/${id}`],
      ['get', `/admin/verifications/${id}/document`],
      ['post', `/admin/verifications/${id}/approve`],
      ['post', `/admin/verifications/${id}/reject`],
      ['get', '/admin/audit-log'],
    ];
    for (const [method, path] of routes) {
      const call = (headers: Record<string, string>) =>
        (api() as unknown as Record<string, (p: string) => request.Test>)[method](path).set(headers);
      expect((await call(as(null))).status).toBe(401);
      expect((await call(as('student'))).status).toBe(403);
      expect((await call(owner.headers())).status).toBe(403);
    }
    expect((await statusOf(owner)).status).toBe('pending');
  });
});

describe('GET /admin/verifications', () => {
  test('lists with filters, search and Content-Range; the summary counts what waits', async () => {
    const a = testUser();
    const b = testUser();
    await uploadedDocument(a);
    await unrecognisedEmail(b);
    const res = await api()
      .get('/admin/verifications')
      .query({ filter: JSON.stringify({ status: ['pending'], method: 'document', userId: a.userId }) })
      .set(staff.headers());
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('verifications 0-0/1');
    expect(res.body[0]).toMatchObject({
      userId: a.userId,
      method: 'document',
      status: 'pending',
      documentType: 'enrollment_letter',
      institutionName: 'Khalifa University',
      hasDocument: true,
    });
    expect(res.body[0]).not.toHaveProperty('documentKey');

    const searched = await api()
      .get('/admin/verifications')
      .query({
        filter: JSON.stringify({ q: b.email, createdAt_gte: new Date(Date.now() - 60_000).toISOString() }),
      })
      .set(staff.headers());
    expect(searched.body.map((r: { userId: string }) => r.userId)).toEqual([b.userId]);

    const summary = await api().get('/admin/verifications/summary').set(staff.headers());
    expect(summary.body.pending).toBeGreaterThanOrEqual(2);
    expect(summary.body.pendingDocuments).toBeGreaterThanOrEqual(1);
    expect(summary.body.pendingUnrecognisedEmails).toBeGreaterThanOrEqual(1);
    expect(summary.body.perDay).toHaveLength(30);
    expect(summary.body.perDay[29].submitted).toBeGreaterThanOrEqual(2);

    const bad = await api()
      .get('/admin/verifications')
      .query({ filter: '{"userId":"x"}' })
      .set(staff.headers());
    expect(bad.status).toBe(400);
  });
});

describe('documents for staff (S24)', () => {
  test('streamed with the download headers, and every view audited', async () => {
    const id = await uploadedDocument(testUser(), 'png');
    const res = await api().get(`/admin/verifications/${id}/document`).set(staff.headers()).buffer(true);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, files.png)).toBe(0);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="doc-${id}.png"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect((await auditRows(id)).map((row) => [row.action, row.actor_id])).toEqual([
      ['view-document', staff.userId],
    ]);
  });

  test('a request without a document → 404', async () => {
    const id = await unrecognisedEmail(testUser());
    expect((await api().get(`/admin/verifications/${id}/document`).set(staff.headers())).status).toBe(404);
  });
});

describe('audit log', () => {
  test('staff read it with filters; nobody can change it (S31)', async () => {
    const id = await uploadedDocument(testUser());
    await api().post(`/admin/verifications/${id}/approve`).set(staff.headers()).send({});
    const res = await api()
      .get('/admin/audit-log')
      .query({ filter: JSON.stringify({ resourceId: id }) })
      .set(staff.headers());
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('audit-log 0-0/1');
    expect(res.body[0]).toMatchObject({
      action: 'approve',
      resource: 'verifications',
      actorId: staff.userId,
    });
    await expect(verification.sql(`update audit_log set reason = 'changed'`)).rejects.toThrow(/append-only/);
    await expect(verification.sql('delete from audit_log')).rejects.toThrow(/append-only/);
  });
});
