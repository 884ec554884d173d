import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createLogger } from '@tullab/log';
import type { Config } from '../src';
import { contextOf, type VerificationContext } from '../src/context';
import { fileResourceId, orphanedFileRetention } from '../src/modules/retention/orphaned-files';
import { documentRetention } from '../src/modules/retention/service';
import { files } from './files';
import { testUser, type TestUser, type TestVerification } from './helpers';

export const log = createLogger('verification', 'silent');
export const MINUTE = 60_000;

/** A context like the running service's, with `config` in place of its configuration. */
const contextOn = (verification: TestVerification) => (config: Config) =>
  contextOf({ ...verification.deps, config, log });

export interface Uploaded {
  id: string;
  key: string;
  student: TestUser;
}

/**
 * What the document retention tests make uploads and decisions with and read the bucket and audit log by, on the
 * verification their file started (read when a helper is called, so it may still be filling in while the file loads).
 */
export function documentRetentionTests(verification: TestVerification) {
  const api = () => request(verification.url);
  const staff = testUser('staff');
  const contextWith = contextOn(verification);

  async function upload(student = testUser()): Promise<Uploaded> {
    const res = await api()
      .post('/students/verify-document')
      .set(student.headers())
      .field('documentType', 'student_id')
      .field('institution', 'American University of Sharjah')
      .attach('document', files.jpeg, 'id.jpg');
    expect(res.status).toBe(201);
    const id = res.body.verification.id as string;
    const [row] = await verification.sql<{ document_key: string }>(
      'select document_key from verification_request where id = ?',
      [id],
    );
    return { id, key: row.document_key, student };
  }

  /** An upload decided by staff `daysAgo` days ago. */
  async function decided(decision: 'approve' | 'reject', daysAgo: number): Promise<Uploaded> {
    const doc = await upload();
    const res = await api()
      .post(`/admin/verifications/${doc.id}/${decision}`)
      .set(staff.headers())
      .send(decision === 'reject' ? { reason: 'The document is unreadable.' } : {});
    expect(res.status).toBe(200);
    await verification.sql(
      `update verification_request set decided_at = now() - make_interval(days => ?), updated_at = now() where id = ?`,
      [daysAgo, doc.id],
    );
    return doc;
  }

  const stored = async (key: string) => {
    const stream = await verification.bucket.get(key);
    stream?.destroy();
    return stream !== null;
  };

  const auditRows = (id: string) =>
    verification.sql<{
      action: string;
      actor_id: string;
      actor_role: string;
      reason: string;
      subject_id: string;
    }>(
      `select action, actor_id, actor_role, reason, subject_id from audit_log
        where resource_id = ? and action = 'delete-document-file'`,
      [id],
    );

  const policy = () => documentRetention(contextWith(verification.config));
  return { api, staff, contextWith, upload, decided, stored, auditRows, policy };
}

/**
 * What the orphaned-file tests leave files behind with and read the bucket and audit log by, on the verification
 * their file started (read when a helper is called, so it may still be filling in while the file loads).
 */
export function orphanedFileTests(verification: TestVerification) {
  const api = () => request(verification.url);
  const contextWith = contextOn(verification);
  const context = (): VerificationContext => contextWith(verification.config);

  /** What a process killed between the two steps of an upload leaves: the object, and no row. */
  async function orphan(): Promise<string> {
    const key = `docs/${randomUUID()}`;
    await verification.bucket.put(key, files.pdf, 'application/pdf');
    return key;
  }

  /** A whole upload: the object and the request that names it. */
  async function upload(): Promise<{ id: string; key: string }> {
    const res = await api()
      .post('/students/verify-document')
      .set(testUser().headers())
      .field('documentType', 'student_id')
      .field('institution', 'American University of Sharjah')
      .attach('document', files.jpeg, 'id.jpg');
    expect(res.status).toBe(201);
    const id = res.body.verification.id as string;
    const [row] = await verification.sql<{ document_key: string }>(
      'select document_key from verification_request where id = ?',
      [id],
    );
    return { id, key: row.document_key };
  }

  const listed = async () => verification.bucket.list('docs/');
  const storedAt = async (key: string) =>
    (await listed()).find((object) => object.key === key)?.lastModified as Date;

  /** The store keeps whole seconds: wait until its clock shows a later second than `key`'s. */
  async function nextSecond(key: string) {
    const written = (await storedAt(key)).getTime();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, written + 1100 - Date.now())));
  }

  const auditRows = (key: string) =>
    verification.sql<{
      action: string;
      resource: string;
      resource_id: string;
      actor_id: string;
      actor_role: string;
      subject_id: string | null;
      reason: string;
      changes: unknown;
    }>(
      `select action, resource, resource_id, actor_id, actor_role, subject_id, reason, changes from audit_log
        where action = 'delete-orphaned-file' and resource_id = ?`,
      [fileResourceId(key)],
    );

  return {
    api,
    contextWith,
    context,
    policy: (ctx = context()) => orphanedFileRetention(ctx),
    orphan,
    upload,
    stored: async (key: string) => (await listed()).some((object) => object.key === key),
    storedAt,
    nextSecond,
    auditRows,
  };
}
