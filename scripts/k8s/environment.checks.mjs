// The production overlay against the processes it runs: every variable each config shape requires, nothing it does not
// read, values it accepts; the gateway's routes to the services; the public host; the Secret's placeholders; sizes.
// Run by scripts/k8s.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { configShapeOf, requiredVariables, resolveEnvironment } from './environment.mjs';
import { PROCESSES, SERVICES, containerOf, matches, podOf, quantity, skip, stackOf } from './stacks.mjs';

describe('deploy/k8s production: what each process is given', { skip }, () => {
  const production = stackOf('production');
  const deployment = (name) => production.find('Deployment', name);

  for (const name of PROCESSES) {
    test(`${name}: every variable its config shape requires is provided, and nothing it does not read`, () => {
      const shape = configShapeOf(name);
      const environment = resolveEnvironment(containerOf(deployment(name)), production);
      for (const variable of requiredVariables(shape)) {
        const provided = environment.get(variable);
        assert.ok(provided && !provided.optional, `${name} needs ${variable}`);
      }
      for (const [variable, { from, value }] of environment) {
        assert.ok(variable in shape, `${name} does not read ${variable}`);
        // secrets are placeholders here; everything else must be what the process accepts
        if (from !== 'secret') {
          const parsed = shape[variable].safeParse(value);
          assert.ok(parsed.success, `${name} ${variable}=${value}: ${parsed.error?.issues[0].message}`);
        }
      }
      assert.equal(environment.get('NODE_ENV').value, 'production');
    });
  }

  test('the gateway reaches each service through its Service, on the port the service listens on', () => {
    const environment = resolveEnvironment(containerOf(deployment('gateway')), production);
    for (const name of SERVICES) {
      const url = new URL(environment.get(`${name.toUpperCase()}_URL`).value);
      const service = production.find('Service', url.hostname);
      assert.ok(service, `${name}: Service ${url.hostname}`);
      const port = service.spec.ports.find((candidate) => candidate.port === Number(url.port));
      assert.ok(port, `${name}: Service port ${url.port}`);
      assert.ok(matches({ matchLabels: service.spec.selector }, podOf(deployment(name)).metadata.labels));
    }
  });

  test('the public address is the Ingress host, served over TLS', () => {
    const publicUrl = new URL(
      production.ofKind('ConfigMap').find((map) => map.data.PUBLIC_URL).data.PUBLIC_URL,
    );
    assert.equal(publicUrl.protocol, 'https:');
    const [ingress] = production.ofKind('Ingress');
    assert.deepEqual(
      ingress.spec.rules.map((rule) => rule.host),
      [publicUrl.hostname],
    );
    assert.ok(ingress.spec.tls.some((tls) => tls.hosts.includes(publicUrl.hostname)));
  });

  test('every pod runs one image, pinned to a release tag', () => {
    const owners = [...production.ofKind('Deployment'), ...production.ofKind('Job')];
    const images = new Set(owners.map((owner) => containerOf(owner).image));
    assert.equal(images.size, 1);
    const [image] = images;
    assert.match(image, /^[\w.-]+(?::\d+)?\/[\w./-]+:[\w.-]+$/, 'registry/name:tag');
    assert.doesNotMatch(image, /:latest$/);
  });

  test('every secret is a placeholder in the repository', () => {
    const secrets = production.ofKind('Secret');
    assert.equal(secrets.length, 1);
    for (const [key, value] of Object.entries(secrets[0].data))
      assert.equal(Buffer.from(value, 'base64').toString(), 'replace-me', key);
  });

  test('the production sizes are at least the base ones', () => {
    const base = stackOf('base');
    for (const name of PROCESSES) {
      const [small, large] = [base, production].map(
        (each) => containerOf(each.find('Deployment', name)).resources,
      );
      for (const kind of ['requests', 'limits'])
        for (const resource of ['cpu', 'memory'])
          assert.ok(
            quantity(large[kind][resource]) >= quantity(small[kind][resource]),
            `${name} ${kind} ${resource}`,
          );
    }
  });
});
