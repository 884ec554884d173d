import request from 'supertest';
import { startVerification, testUser } from './helpers';
import { files } from './files';

describe('object storage outage', () => {
  test('an upload → 503 and no row points at a missing file', async () => {
    const broken = await startVerification({ S3_ENDPOINT: 'http://127.0.0.1:1' });
    try {
      const user = testUser();
      const res = await request(broken.url)
        .post('/students/verify-document')
        .set(user.headers())
        .field('documentType', 'student_id')
        .field('institution', 'Zayed University')
        .attach('document', files.pdf, 'card.pdf');
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/storage is unavailable/);
      expect(await broken.sql('select id from verification_request')).toEqual([]);
      expect((await request(broken.url).get('/readyz')).status).toBe(503);
    } finally {
      await broken.close();
    }
  });
});
