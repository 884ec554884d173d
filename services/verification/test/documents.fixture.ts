import request from 'supertest';
import type { TestUser, TestVerification } from './helpers';

/**
 * How the document tests upload a file and read the requests stored, on the verification their file started (read
 * when a helper is called, so it may still be filling in while the file loads).
 */
export function documentTests(verification: TestVerification) {
  const api = () => request(verification.url);

  const upload = (
    user: TestUser,
    file: { content: Buffer; name: string; type?: string } | null,
    fields: Record<string, string> = { documentType: 'student_id', institution: 'University of Sharjah' },
  ) => {
    const req = api().post('/students/verify-document').set(user.headers());
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    if (file)
      req.attach('document', file.content, {
        filename: file.name,
        contentType: file.type ?? 'application/octet-stream',
      });
    return req;
  };

  const documentRows = (user: TestUser) =>
    verification.sql<{ status: string; document_key: string; document_kind: string; document_name: string }>(
      'select status, document_key, document_kind, document_name from verification_request where user_id = ?',
      [user.userId],
    );

  return { api, upload, documentRows };
}
