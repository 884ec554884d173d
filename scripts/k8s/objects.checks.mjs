// Every object of the base and of the production overlay: valid against the Kubernetes schemas, and each process's
// Deployment with probes, resources, an autoscaler, a disruption budget, spreading, network policies and metrics.
// Run by scripts/k8s.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateSchema } from './render.mjs';
import {
  BASE,
  PROCESSES,
  PRODUCTION,
  containerOf,
  matches,
  podOf,
  portNumber,
  quantity,
  skip,
  stackOf,
} from './stacks.mjs';

for (const [label, dir] of [
  ['base', BASE],
  ['production', PRODUCTION],
]) {
  describe(`deploy/k8s ${label}: rendered and valid`, { skip }, () => {
    const { objects, ofKind } = stackOf(label);

    test('every object is valid against the Kubernetes schemas', async () => {
      assert.ok(objects.length > 20, `${dir} renders`);
      for (const object of objects) await validateSchema(object);
      const names = objects.map((object) => `${object.kind}/${object.metadata.name}`);
      assert.deepEqual(
        names.filter((name, index) => names.indexOf(name) !== index),
        [],
        'no object twice',
      );
    });

    test('one Deployment per process, each running it from the one image', () => {
      const deployments = ofKind('Deployment');
      assert.deepEqual(
        deployments.map((deployment) => deployment.metadata.name).sort(),
        [...PROCESSES].sort(),
      );
      const images = new Set(deployments.map((deployment) => containerOf(deployment).image));
      assert.equal(images.size, 1, 'one image');
      for (const deployment of deployments) {
        const { name } = deployment.metadata;
        const { spec } = podOf(deployment);
        assert.equal(spec.containers.length, 1, name);
        assert.deepEqual(containerOf(deployment).command, ['node', `services/${name}/dist/main.js`], name);
        assert.ok(matches(deployment.spec.selector, podOf(deployment).metadata.labels), `${name}: selector`);
      }
    });

    test('every Deployment has liveness and readiness probes on its port, and resource requests and limits', () => {
      for (const deployment of ofKind('Deployment')) {
        const { name } = deployment.metadata;
        const container = containerOf(deployment);
        const prefix = name === 'gateway' ? '/api' : '';
        for (const [probe, path] of [
          ['livenessProbe', `${prefix}/healthz`],
          ['readinessProbe', `${prefix}/readyz`],
          ['startupProbe', `${prefix}/healthz`],
        ]) {
          const { httpGet } = container[probe] ?? {};
          assert.equal(httpGet?.path, path, `${name} ${probe}`);
          assert.equal(
            portNumber(container, httpGet.port),
            Number(container.env.find((e) => e.name === 'PORT').value),
          );
        }
        const { requests, limits } = container.resources ?? {};
        for (const resource of ['cpu', 'memory']) {
          assert.ok(requests?.[resource] && limits?.[resource], `${name}: ${resource} request and limit`);
          assert.ok(
            quantity(requests[resource]) <= quantity(limits[resource]),
            `${name}: ${resource} request ≤ limit`,
          );
        }
      }
    });

    test('every pod runs as the restricted Pod Security Standard asks', () => {
      const pods = [...ofKind('Deployment'), ...ofKind('Job')].map((owner) => [
        owner.metadata.name,
        podOf(owner),
      ]);
      for (const [name, pod] of pods) {
        assert.equal(pod.spec.securityContext?.runAsNonRoot, true, name);
        assert.equal(pod.spec.securityContext?.seccompProfile?.type, 'RuntimeDefault', name);
        for (const container of pod.spec.containers) {
          assert.equal(container.securityContext?.allowPrivilegeEscalation, false, name);
          assert.deepEqual(container.securityContext?.capabilities?.drop, ['ALL'], name);
          assert.equal(container.securityContext?.readOnlyRootFilesystem, true, name);
        }
      }
    });

    test('each Deployment has one autoscaler and one disruption budget, and those target existing Deployments', () => {
      const deployments = ofKind('Deployment');
      for (const hpa of ofKind('HorizontalPodAutoscaler')) {
        const { kind, name } = hpa.spec.scaleTargetRef;
        assert.equal(kind, 'Deployment');
        assert.ok(
          deployments.some((deployment) => deployment.metadata.name === name),
          `${hpa.metadata.name} → ${name}`,
        );
        assert.ok(hpa.spec.minReplicas >= 2 && hpa.spec.minReplicas <= hpa.spec.maxReplicas, name);
      }
      for (const pdb of ofKind('PodDisruptionBudget')) {
        const targets = deployments.filter((deployment) =>
          matches(pdb.spec.selector, podOf(deployment).metadata.labels),
        );
        assert.equal(targets.length, 1, `${pdb.metadata.name} selects one Deployment`);
      }
      for (const deployment of deployments) {
        const { name } = deployment.metadata;
        const hpas = ofKind('HorizontalPodAutoscaler').filter((hpa) => hpa.spec.scaleTargetRef.name === name);
        assert.equal(hpas.length, 1, `${name}: one HorizontalPodAutoscaler`);
        // a replica count here would be reset at every apply, fighting the autoscaler
        assert.equal(deployment.spec.replicas, undefined, `${name}: the autoscaler owns the count`);
        const pdbs = ofKind('PodDisruptionBudget').filter((pdb) =>
          matches(pdb.spec.selector, podOf(deployment).metadata.labels),
        );
        assert.equal(pdbs.length, 1, `${name}: one PodDisruptionBudget`);
      }
    });

    test('each Service selects a Deployment and names one of its ports; the Ingress routes to the gateway only', () => {
      const deployments = ofKind('Deployment');
      for (const service of ofKind('Service')) {
        const [target, ...more] = deployments.filter((deployment) =>
          matches({ matchLabels: service.spec.selector }, podOf(deployment).metadata.labels),
        );
        assert.ok(target && !more.length, `${service.metadata.name} selects one Deployment`);
        for (const port of service.spec.ports) {
          assert.ok(
            portNumber(containerOf(target), port.targetPort),
            `${service.metadata.name}: ${port.targetPort}`,
          );
          assert.notEqual(port.targetPort, 'metrics', 'metrics stay off Services');
        }
      }
      const ingresses = ofKind('Ingress');
      assert.equal(ingresses.length, 1);
      const backends = ingresses[0].spec.rules.flatMap((rule) =>
        rule.http.paths.map((path) => path.backend.service),
      );
      assert.ok(backends.length > 0);
      for (const backend of backends) assert.deepEqual(backend, { name: 'gateway', port: { name: 'http' } });
      assert.equal(ingresses[0].spec.defaultBackend, undefined);
    });

    test('network policies: only the gateway public port is open to all; the services answer the gateway', () => {
      const policies = ofKind('NetworkPolicy');
      const selecting = (pod) =>
        policies.filter((policy) => matches(policy.spec.podSelector, pod.metadata.labels));
      const gatewayPods = [];
      for (const owner of [...ofKind('Deployment'), ...ofKind('Job')]) {
        const pod = podOf(owner);
        assert.ok(selecting(pod).length > 0, `${owner.metadata.name}: a NetworkPolicy selects it`);
        if (owner.metadata.name === 'gateway') gatewayPods.push(pod);
      }
      for (const policy of policies) {
        for (const rule of policy.spec.ingress ?? []) {
          const ports = (rule.ports ?? []).map((port) => port.port);
          if (!rule.from) {
            assert.ok(gatewayPods.some((pod) => matches(policy.spec.podSelector, pod.metadata.labels)));
            assert.deepEqual(ports, ['http'], `${policy.metadata.name}: open to all on http only`);
            continue;
          }
          for (const peer of rule.from) {
            if (peer.podSelector)
              assert.ok(
                gatewayPods.some((pod) => matches(peer.podSelector, pod.metadata.labels)),
                `${policy.metadata.name}: only gateway pods as peers`,
              );
          }
        }
      }
    });

    test('every Deployment spreads its replicas over zones', () => {
      for (const deployment of ofKind('Deployment')) {
        const spread = podOf(deployment).spec.topologySpreadConstraints ?? [];
        const zone = spread.find((each) => each.topologyKey === 'topology.kubernetes.io/zone');
        assert.ok(
          zone && matches(zone.labelSelector, podOf(deployment).metadata.labels),
          deployment.metadata.name,
        );
      }
    });

    test('metrics: each process is scraped where it serves them; the gateway on its own named port', () => {
      for (const deployment of ofKind('Deployment')) {
        const { name } = deployment.metadata;
        const container = containerOf(deployment);
        const annotations = podOf(deployment).metadata.annotations ?? {};
        const env = Object.fromEntries(
          container.env.filter((e) => 'value' in e).map((e) => [e.name, e.value]),
        );
        assert.equal(annotations['prometheus.io/scrape'], 'true', name);
        assert.equal(annotations['prometheus.io/path'], '/metrics', name);
        const port = name === 'gateway' ? env.METRICS_PORT : env.PORT;
        assert.equal(annotations['prometheus.io/port'], port, name);
        if (name === 'gateway') assert.equal(portNumber(container, 'metrics'), Number(env.METRICS_PORT));
      }
    });
  });
}
