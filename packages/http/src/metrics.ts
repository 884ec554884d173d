import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { Registry, collectDefaultMetrics, type Metric } from 'prom-client';

type AnswerLabels = { method: string; route: string; status: string };

/** prom-client's default buckets, in seconds (5 ms to 10 s), and +Inf after them. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The answers of one method, route and status: how many fell in each bucket (the last is +Inf), and their sum. */
interface AnswerSeries {
  labels: AnswerLabels;
  buckets: number[];
  sum: number;
  count: number;
}

/** A metric as prom-client's registry reads it when scraped. */
interface ScrapedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: { labels: Record<string, string | number>; value: number; metricName?: string }[];
}

/**
 * `http_requests_total` and `http_request_duration_seconds`, kept as plain numbers per series and given to the
 * registry in prom-client's shape when scraped. prom-client's own Counter and Histogram hash and check their labels on
 * every call, about 2 µs per answer: several percent of the gateway's fast path (`docs/scaling.md`); this is a map
 * lookup and a few additions.
 */
class AnswerMetrics {
  private readonly series = new Map<string, AnswerSeries>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      const labels = { method, route, status: String(status) };
      series = { labels, buckets: new Array<number>(BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]) bucket++;
    series.buckets[bucket]++;
    series.sum += seconds;
    series.count++;
  }

  /** Registers both metrics on `registry`. */
  register(registry: Registry): void {
    const all = () => [...this.series.values()];
    const metric = (scraped: Omit<ScrapedMetric, 'values'>, values: () => ScrapedMetric['values']) => ({
      ...scraped,
      get: async (): Promise<ScrapedMetric> => ({ ...scraped, values: values() }),
      reset: () => this.series.clear(),
    });
    const requests = metric(
      {
        name: 'http_requests_total',
        help: 'Answers sent, by method, route pattern and status',
        type: 'counter',
        aggregator: 'sum',
      },
      () => all().map(({ labels, count }) => ({ labels, value: count })),
    );
    const name = 'http_request_duration_seconds';
    const durations = metric(
      {
        name,
        help: 'Time from a request to its answer, by method, route pattern and status',
        type: 'histogram',
        aggregator: 'sum',
      },
      () =>
        all().flatMap(({ labels, buckets, sum, count }) => {
          let below = 0;
          return [
            ...buckets.map((n, i) => ({
              labels: { le: i < BUCKETS.length ? BUCKETS[i] : '+Inf', ...labels },
              value: (below += n),
              metricName: `${name}_bucket`,
            })),
            { labels, value: sum, metricName: `${name}_sum` },
            { labels, value: count, metricName: `${name}_count` },
          ];
        }),
    );
    // duck-typed: the registry only reads name, type and get() (and reset() on resetMetrics)
    registry.registerMetric(requests as unknown as Metric);
    registry.registerMetric(durations as unknown as Metric);
  }
}

/**
 * One process's Prometheus metrics (docs/metrics.md): its own registry, every metric labelled with the process's
 * `service`, Node's default metrics (event-loop lag, heap, GC) and the count and duration of answers by route.
 */
export interface ProcessMetrics {
  registry: Registry;
  /** counts one answer; `started` is the `performance.now()` of its arrival */
  observe(method: string | undefined, route: string, status: number, started: number): void;
}

export function processMetrics(service: string): ProcessMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const answers = new AnswerMetrics();
  answers.register(registry);
  return {
    registry,
    observe(method, route, status, started) {
      answers.observe(method ?? 'GET', route, status, (performance.now() - started) / 1000);
    },
  };
}

/** The route label of an answer no Express route matched (a bounded name, never the URL). */
export type RouteFallback = (req: Request) => string;

/**
 * The route label of an answer: the Express route pattern that matched (`/offers/:id`, with the path its router is
 * mounted on), else `fallback`. Never the URL itself, so ids do not multiply the series.
 */
function routeOf(req: Request, fallback: RouteFallback): string {
  const pattern = req.route?.path;
  return typeof pattern === 'string' ? req.baseUrl + pattern : fallback(req);
}

/**
 * Counts an answer once its response is done with: status 499 when the client left before it was sent. `route` is
 * asked then, once routing has found what answered.
 */
export function observeWhenClosed(
  metrics: ProcessMetrics,
  req: IncomingMessage,
  res: ServerResponse,
  route: () => string,
  started = performance.now(),
): void {
  res.once('close', () =>
    metrics.observe(req.method, route(), res.writableFinished ? res.statusCode : 499, started),
  );
}

/** Counts every answer of an Express app (a listener and two label lookups per request). */
export function requestMetrics(
  metrics: ProcessMetrics,
  fallback: RouteFallback = () => 'unmatched',
): RequestHandler {
  return (req, res, next) => {
    observeWhenClosed(metrics, req, res, () => routeOf(req, fallback));
    next();
  };
}

/** Answers the registry in the Prometheus text format (`GET /metrics`). */
export async function sendMetrics(registry: Registry, res: ServerResponse): Promise<void> {
  const text = await registry.metrics();
  res.statusCode = 200;
  res.setHeader('Content-Type', registry.contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.end(text);
}

/** `GET /metrics` as an Express handler (the services mount it beside the probes, unsigned). */
export function metricsRoute(registry: Registry): RequestHandler {
  return (_req, res) => sendMetrics(registry, res);
}
