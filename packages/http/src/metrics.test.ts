import express, { Router } from 'express';
import request from 'supertest';
import { metricsRoute, processMetrics, requestMetrics } from './metrics';

/** The value of one series line, labels in the order the registry writes them. */
const line = (text: string, series: string) =>
  text
    .split('\n')
    .find((l) => l.startsWith(`${series} `))
    ?.split(' ')[1];

describe('processMetrics', () => {
  test('counts answers and their durations in cumulative buckets, every series labelled with the service', async () => {
    const metrics = processMetrics('offers');
    const now = performance.now();
    metrics.observe('GET', '/offers/:id', 200, now - 30);
    metrics.observe('GET', '/offers/:id', 200, now - 3);
    metrics.observe('POST', '/offers/:id/redeem', 409, now);
    const text = await metrics.registry.metrics();
    const get = 'method="GET",route="/offers/:id",status="200",service="offers"';
    expect(line(text, `http_requests_total{${get}}`)).toBe('2');
    expect(line(text, `http_request_duration_seconds_bucket{le="0.005",${get}}`)).toBe('1');
    expect(line(text, `http_request_duration_seconds_bucket{le="0.05",${get}}`)).toBe('2');
    expect(line(text, `http_request_duration_seconds_bucket{le="+Inf",${get}}`)).toBe('2');
    expect(line(text, `http_request_duration_seconds_count{${get}}`)).toBe('2');
    expect(Number(line(text, `http_request_duration_seconds_sum{${get}}`))).toBeGreaterThan(0.03);
    expect(
      line(
        text,
        'http_requests_total{method="POST",route="/offers/:id/redeem",status="409",service="offers"}',
      ),
    ).toBe('1');
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="offers"\} /m);
  });
});

describe('requestMetrics', () => {
  test('labels an answer with the route pattern and its mount path, else the fallback; never the URL', async () => {
    const metrics = processMetrics('gateway');
    const api = Router()
      .get('/offers/:id', (_req, res) => void res.json({}))
      .get('/fails', () => {
        throw new Error('boom');
      });
    const app = express()
      .get('/metrics', metricsRoute(metrics.registry))
      .use(requestMetrics(metrics, (req) => (req.originalUrl.startsWith('/api/') ? 'unmatched' : 'app')))
      .use('/api', api)
      .use((_req, res) => void res.status(404).json({}))
      .use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
        res.status(500).json({});
      });
    await request(app).get('/api/offers/5f1e9c').expect(200);
    await request(app).get('/api/nothing/5f1e9c').expect(404);
    await request(app).get('/somewhere').expect(404);
    await request(app).get('/api/fails').expect(500);
    const res = await request(app).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const total = (labels: string) => line(res.text, `http_requests_total{${labels},service="gateway"}`);
    expect(total('method="GET",route="/api/offers/:id",status="200"')).toBe('1');
    expect(total('method="GET",route="unmatched",status="404"')).toBe('1');
    expect(total('method="GET",route="app",status="404"')).toBe('1');
    // an error leaves the router before it is answered: the pattern stays, its mount path is gone
    expect(total('method="GET",route="/fails",status="500"')).toBe('1');
    expect(res.text).not.toContain('5f1e9c');
    expect(res.text).not.toContain('route="/metrics"');
  });
});
