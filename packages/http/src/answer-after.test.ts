import express from 'express';
import request from 'supertest';
import { answerAfter } from './answer-after';

function appWith(ready: () => Promise<void>, skip?: (req: express.Request) => boolean) {
  const app = express();
  app.use(answerAfter(ready, skip));
  app.all('/thing', (_req, res) => void res.json({ ok: true }));
  app.all('/free', (_req, res) => void res.json({ ok: true }));
  return app;
}

describe('answerAfter', () => {
  test('a change is answered only once ready() has resolved', async () => {
    const order: string[] = [];
    const app = appWith(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('ready');
    });
    const res = await request(app).post('/thing');
    order.push('answered');
    expect(res.body).toEqual({ ok: true });
    expect(order).toEqual(['ready', 'answered']);
  });

  test('reads and skipped calls do not wait', async () => {
    let asked = 0;
    const app = appWith(
      async () => void (asked += 1),
      (req) => req.path === '/free',
    );
    await request(app).get('/thing').expect(200);
    await request(app).head('/thing').expect(200);
    await request(app).post('/free').expect(200);
    expect(asked).toBe(0);
    await request(app).delete('/thing').expect(200);
    expect(asked).toBe(1);
  });
});
