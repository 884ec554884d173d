// docker-compose.yml's `monitoring` profile: Prometheus scrapes every Node process where it serves /metrics, Grafana
// shows the metrics the processes export (the contract of issue 15). Run by scripts/compose.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createRequire } from 'node:module';
import { parse } from 'yaml';
import { configOf } from './configs.mjs';
import {
  APP_SERVICES,
  SAMPLE_SECRETS,
  compose,
  firstStart,
  interpolateAll,
  read,
  services,
} from './load.mjs';

const MONITORING = ['prometheus', 'grafana'];
/** The metrics contract: what every process exports, each series labelled with its `service`. */
const METRICS = [
  'http_requests_total',
  'http_request_duration_seconds',
  'nodejs_eventloop_lag_seconds',
  'bullmq_jobs',
  'outbox_backlog',
  'outbox_oldest_age_seconds',
  'mail_delivery_failures_total',
];
/** The labels the dashboard groups and filters by, beside each metric's `service`. */
const LABELS = {
  http_requests_total: ['status'],
  bullmq_jobs: ['queue', 'state'],
  mail_delivery_failures_total: ['kind'],
};
/** Series Prometheus makes itself. */
const PROMETHEUS_SERIES = ['up'];

/** Where each process answers GET /metrics: a service on its HTTP port, the gateway on METRICS_PORT. */
function metricsPort(name) {
  const config = configOf(firstStart.services[name]);
  if (name !== 'gateway') return config.PORT;
  assert.ok(config.METRICS_PORT, "the gateway's configuration has a METRICS_PORT");
  return config.METRICS_PORT;
}

/** The metric names an expression reads: what is left once functions, label sets, ranges and `by (…)` are gone. */
function metricNames(expr) {
  const WORDS = new Set([
    'sum',
    'max',
    'min',
    'avg',
    'by',
    'without',
    'rate',
    'increase',
    'histogram_quantile',
  ]);
  const bare = expr
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/[A-Za-z_:][\w:]*/g)]
    .map(([word]) => word)
    .filter((word) => !WORDS.has(word))
    .map((word) => word.replace(/_(?:bucket|sum|count)$/, ''));
}

describe('docker-compose.yml: monitoring', () => {
  const prometheus = parse(read('deploy/prometheus/prometheus.yml'));
  const targets = prometheus.scrape_configs.flatMap((job) =>
    job.static_configs.flatMap(({ targets: list }) =>
      list.map((target) => ({ job: job.job_name, path: job.metrics_path ?? '/metrics', target })),
    ),
  );

  test('Prometheus and Grafana run only with the monitoring profile, and only the Node processes without one', () => {
    for (const [name, service] of services(firstStart))
      assert.deepEqual(service.profiles, MONITORING.includes(name) ? ['monitoring'] : undefined, name);
  });

  test('Prometheus scrapes every Node process at the port it serves /metrics on', () => {
    for (const name of APP_SERVICES) {
      const scraped = targets.filter(({ target }) => target.split(':')[0] === name);
      assert.deepEqual(
        scraped.map(({ target, path }) => `${target}${path}`),
        [`${name}:${metricsPort(name)}/metrics`],
        name,
      );
    }
    const known = [...APP_SERVICES, 'localhost'];
    assert.deepEqual(
      targets.filter(({ target }) => !known.includes(target.split(':')[0])),
      [],
      'every target is a process of this file',
    );
    assert.equal(
      prometheus.scrape_configs.find((job) => job.scheme && job.scheme !== 'http'),
      undefined,
    );
  });

  test("the gateway's metrics port is not published: the public port serves no metrics", () => {
    const gateway = firstStart.services.gateway;
    assert.deepEqual(gateway.ports, [`${configOf(gateway).PORT}:${configOf(gateway).PORT}`]);
    assert.notEqual(metricsPort('gateway'), configOf(gateway).PORT);
    for (const name of APP_SERVICES.filter((service) => service !== 'gateway'))
      assert.equal(firstStart.services[name].ports, undefined, `${name} publishes nothing`);
  });

  test('Prometheus reads the config checked here and keeps its data in a named volume', () => {
    const service = firstStart.services.prometheus;
    assert.ok(service.volumes.includes('./deploy/prometheus:/etc/prometheus:ro'));
    assert.ok(service.command.includes('--config.file=/etc/prometheus/prometheus.yml'));
    assert.ok(service.volumes.includes('prometheus-data:/prometheus'));
    assert.ok(service.command.includes('--storage.tsdb.path=/prometheus'));
  });

  test('Grafana is provisioned with this Prometheus and the Tullab dashboard, behind an admin password', () => {
    const service = firstStart.services.grafana;
    const mounts = Object.fromEntries(
      service.volumes.map((volume) => volume.split(':').slice(0, 2).reverse()),
    );
    assert.equal(mounts['/etc/grafana/provisioning'], './deploy/grafana/provisioning');
    const { datasources } = parse(read('deploy/grafana/provisioning/datasources/prometheus.yml'));
    assert.deepEqual(
      datasources.map(({ uid, type, url }) => ({ uid, type, url })),
      [{ uid: 'prometheus', type: 'prometheus', url: 'http://prometheus:9090' }],
    );
    const { providers } = parse(read('deploy/grafana/provisioning/dashboards/tullab.yml'));
    assert.deepEqual(
      providers.map(({ options }) => mounts[options.path]),
      ['./deploy/grafana/dashboards'],
    );
    assert.equal(service.environment.GF_SECURITY_ADMIN_PASSWORD, SAMPLE_SECRETS.GRAFANA_ADMIN_PASSWORD);
    // not required by compose, which reads the whole file whatever the profile: Grafana itself refuses to start
    assert.equal(
      interpolateAll(compose, { ...SAMPLE_SECRETS, GRAFANA_ADMIN_PASSWORD: undefined }).services.grafana
        .environment.GF_SECURITY_ADMIN_PASSWORD,
      '',
    );
    assert.match(
      service.entrypoint.join(' '),
      /\[ -n "\$GF_SECURITY_ADMIN_PASSWORD" \] \|\| \{.*exit 1; \}; exec \/run\.sh$/,
    );
    assert.equal(service.environment.GF_AUTH_ANONYMOUS_ENABLED, 'false');
  });

  test('the dashboard reads every metric of the contract, and nothing else, from the provisioned data source', () => {
    const dashboard = JSON.parse(read('deploy/grafana/dashboards/tullab.json'));
    const expressions = dashboard.panels.flatMap((panel) => {
      assert.equal(panel.datasource.uid, 'prometheus', panel.title);
      assert.ok(panel.gridPos, panel.title);
      return panel.targets.map((target) => target.expr);
    });
    const used = new Set(expressions.flatMap(metricNames));
    assert.deepEqual(
      [...used].filter((name) => !METRICS.includes(name) && !PROMETHEUS_SERIES.includes(name)),
      [],
    );
    assert.deepEqual(
      METRICS.filter((name) => !used.has(name)),
      [],
    );
    assert.equal(new Set(dashboard.panels.map((panel) => panel.id)).size, dashboard.panels.length);
  });

  test('the processes register those metrics, with the labels the dashboard reads', async () => {
    const require = createRequire(import.meta.url);
    // a service's registry as @tullab/runtime builds it; only a request is counted, so no database is needed
    const metrics = require('@tullab/runtime').serviceMetrics('identity', {}, { debug() {} });
    const own = { mail_delivery_failures_total: 'services/notifications/src/context.ts' };
    metrics.observe('GET', '/healthz', 200, performance.now());
    for (const name of METRICS.filter((metric) => !own[metric])) {
      const metric = metrics.registry.getSingleMetric(name);
      assert.ok(metric, `${name} is registered`);
      // a prom-client metric declares its label names; the answer metrics (kept as plain numbers) show them when read
      const labelNames =
        metric.labelNames ??
        Object.keys((await metric.get()).values.find(({ labels }) => labels.route)?.labels ?? {});
      for (const label of LABELS[name] ?? []) assert.ok(labelNames.includes(label), `${name}{${label}}`);
    }
    const text = await metrics.registry.getSingleMetricAsString('http_requests_total');
    assert.match(text, /^http_requests_total\{[^}]*service="identity"[^}]*\} 1$/m);
    for (const [name, file] of Object.entries(own))
      assert.match(
        read(file),
        new RegExp(`'${name}',[^;]*\\[${LABELS[name].map((l) => `'${l}'`).join(', ')}\\]`),
      );
  });
});
