import { startEndlessUpload, startedForTests } from '@tullab/testing';
import { startVerification, testUser, type TestUser } from './helpers';
import { files } from './files';
import { documentTests } from './documents.fixture';

const verification = startedForTests(startVerification);
const { upload, documentRows } = documentTests(verification);

/** A student ID upload whose file never finishes arriving (a slow or hostile client). */
const endlessUpload = (user: TestUser) =>
  startEndlessUpload({
    url: `${verification.url}/students/verify-document`,
    headers: user.headers(),
    fields: { documentType: 'student_id' },
    file: { field: 'document', filename: 'id.png', contentType: 'image/png', start: files.png },
    announcedBytes: 5 * 1024 * 1024,
  });

describe('uploads cannot exhaust memory', () => {
  test('a student who may not upload is refused before the file is read', async () => {
    const user = testUser();
    for (let i = 0; i < 5; i += 1)
      expect((await upload(user, { content: files.png, name: `p${i}.png` })).status).toBe(201);
    const endless = endlessUpload(user);
    try {
      expect(await endless.response).toEqual({
        status: 409,
        body: {
          message: 'You already have 5 documents waiting for review. Please wait for a decision.',
          code: 'documents_pending_limit',
        },
      });
    } finally {
      endless.abort();
    }
  });

  test('one upload at a time per student: a second while the first still arrives → 429', async () => {
    const user = testUser();
    const first = endlessUpload(user);
    try {
      await waitForSlot(user);
      const second = await upload(user, { content: files.png, name: 'second.png' });
      expect(second.status).toBe(429);
      expect(second.body).toEqual({
        message: 'Another document of yours is still uploading. Please wait for it to finish.',
        code: 'rate_limited',
      });
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      first.abort();
    }
    await waitForSlot(user, false);
    expect((await upload(user, { content: files.png, name: 'third.png' })).status).toBe(201);
  });

  test('at most 10 uploads per student an hour, refused ones included', async () => {
    const user = testUser();
    for (let i = 0; i < 10; i += 1)
      expect((await upload(user, { content: files.gif, name: 'anim.gif' })).status).toBe(415);
    const res = await upload(user, { content: files.png, name: 'fine.png' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too many uploads. Please try again later.', code: 'rate_limited' });
    expect(await documentRows(user)).toEqual([]);
  });
});

/** Waits until the student's upload slot is held (or free, with `held` false). */
async function waitForSlot(user: TestUser, held = true): Promise<void> {
  const key = `${verification.config.QUEUE_PREFIX}:verification:upload-slot:${user.userId}`;
  for (let i = 0; i < 100; i += 1) {
    if (Boolean(await verification.redis.exists(key)) === held) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the upload slot was never ${held ? 'taken' : 'given back'}`);
}
