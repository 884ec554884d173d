// Checks of docker-compose.yml (`node --test`, run by `npm run test:scripts`) that need no container engine: the file
// against the Compose Specification's schema, every image pinned, every process's command and environment against
// its own configShape (so after `npm run build`), health, restarts and start order, and (in scripts/compose/) object
// storage and the monitoring profile. scripts/compose/load.mjs reads the file as `docker compose` does.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { configOf, entryPoint, unknownVariables } from './compose/configs.mjs';
import {
  APP_SERVICES,
  ONE_SHOT,
  composeText,
  firstStart,
  read,
  services,
  variables,
} from './compose/load.mjs';
import { MODERN_KEYS, describeErrors, validateCompose, validateStock } from './compose/spec-schema.mjs';
import './compose/storage.checks.mjs';
import './compose/monitoring.checks.mjs';

describe('docker-compose.yml: the Compose Specification', () => {
  test('the file is valid against the specification schema', () => {
    assert.ok(validateCompose(firstStart), describeErrors(validateCompose.errors).join('\n'));
  });

  test('the packaged schema refuses only the newer keys added back to it', () => {
    assert.equal(validateStock(firstStart), false);
    const refused = validateStock.errors.map(
      (error) => `${error.instancePath}/${error.params.additionalProperty}`,
    );
    assert.deepEqual(
      refused,
      Object.keys(MODERN_KEYS).map((pointer) => pointer.replace('/properties', '')),
    );
  });

  test('the schema is applied for real: a misspelt key or a wrong duration is refused', () => {
    const broken = structuredClone(firstStart);
    broken.services.redis.helthcheck = broken.services.redis.healthcheck;
    broken.services.postgres.healthcheck.interval = '5 seconds';
    broken.services.gateway.ports = ['eight thousand'];
    assert.equal(validateCompose(broken), false);
    assert.deepEqual([...new Set(validateCompose.errors.map((error) => error.instancePath))].sort(), [
      '/services/gateway/ports/0',
      '/services/postgres/healthcheck/interval',
      '/services/redis',
    ]);
  });
});

/** A release: at least major.minor (a bare major such as `16-alpine` moves), or MinIO's RELEASE.<date> tags. */
const VERSION_TAG = /^(?:v?\d+\.\d+(?:\.\d+)*(?:-[a-z0-9.]+)*|RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)$/;

describe('docker-compose.yml: images', () => {
  test('every image pulled is pinned to a release; the image built here is tagged local', () => {
    for (const [name, service] of services(firstStart)) {
      const [, repository, tag] = service.image.match(/^(.+?)(?::([^:/@]+))?(?:@sha256:[0-9a-f]{64})?$/);
      if (service.build) {
        assert.equal(service.image, 'tullab-app:local', `${name}: built from the Dockerfile, never pulled`);
        continue;
      }
      assert.ok(tag, `${name}: ${service.image} has a tag`);
      assert.match(tag, VERSION_TAG, `${name}: ${repository}'s tag ${tag} names a release`);
    }
  });

  test('the Dockerfile builds on a pinned Node image', () => {
    const dockerfile = read('Dockerfile');
    const [, image] = dockerfile.match(/^ARG NODE_IMAGE=(\S+)$/m);
    assert.match(image.split(':')[1], VERSION_TAG);
    for (const [, from] of dockerfile.matchAll(/^FROM (\S+)/gm))
      assert.match(from, /^(?:\$\{NODE_IMAGE\}|[a-z-]+)$/);
  });
});

describe('docker-compose.yml: each process against its configuration', () => {
  const processes = services(firstStart).filter(([, service]) => service.build);

  test('every process built here runs a known entry point whose main parses that configuration', () => {
    assert.deepEqual(processes.map(([name]) => name).sort(), [...APP_SERVICES, 'demo-catalogue'].sort());
    for (const [name, service] of processes) {
      const { source } = entryPoint(service.command);
      assert.match(source, /\bconfigShape\b/, `${name}'s entry point parses configShape`);
    }
  });

  test('the environment of each process is accepted by its configuration at a first start', () => {
    for (const [name, service] of processes) assert.doesNotThrow(() => configOf(service), name);
  });

  test('no process is given a variable its configuration does not read', () => {
    for (const [name, service] of processes) assert.deepEqual(unknownVariables(service), [], name);
  });

  test('a secret reaches only the processes that read it', () => {
    const holders = (variable) =>
      processes
        .filter(([, service]) => Object.keys(service.environment).includes(variable))
        .map(([name]) => name);
    assert.deepEqual(holders('ADMIN_PASSWORD'), ['identity']);
    assert.deepEqual(holders('INTERNAL_SECRET'), APP_SERVICES);
    assert.deepEqual(holders('DATABASE_URL').sort(), [
      'demo-catalogue',
      'identity',
      'notifications',
      'offers',
      'verification',
    ]);
  });

  test('.env.example names every variable compose reads', () => {
    const example = read('.env.example');
    for (const name of variables) assert.match(example, new RegExp(`^# ${name}=`, 'm'), name);
  });
});

/** The services of this file a service's environment names in URLs: what it cannot work without. */
const hostsNamed = (service) =>
  Object.values(service.environment ?? {}).flatMap((value) => {
    const host = /^[a-z]+:\/\/(?:[^@/]*@)?([a-z][a-z0-9-]*)[:/]/.exec(String(value))?.[1];
    return host && firstStart.services[host] ? [host] : [];
  });

/** What a service reaches through a file it mounts rather than its environment. */
const USES_THROUGH_FILES = {
  'minio-init': { host: 'minio', file: 'deploy/minio/init.sh', url: 'http://minio:9000' },
  grafana: {
    host: 'prometheus',
    file: 'deploy/grafana/provisioning/datasources/prometheus.yml',
    url: 'http://prometheus:9090',
  },
};

describe('docker-compose.yml: health, restarts and start order', () => {
  const longRunning = services(firstStart).filter(([name]) => !ONE_SHOT.includes(name));

  test('the uses read from mounted files are the ones those files name', () => {
    for (const [name, { file, url }] of Object.entries(USES_THROUGH_FILES))
      assert.ok(read(file).includes(url), name);
  });

  test('every long-running service comes back after a crash and says when it is healthy', () => {
    for (const [name, service] of longRunning) {
      assert.equal(service.restart, 'unless-stopped', `${name} restarts`);
      assert.equal(service.healthcheck?.test?.[0], 'CMD', `${name} has a healthcheck`);
      assert.ok(service.logging?.options?.['max-size'], `${name}'s logs are rotated`);
    }
    for (const name of ONE_SHOT) assert.equal(firstStart.services[name].restart, 'no');
  });

  test('a service is healthy once it is ready: migrated, listening, and reaching what it needs', () => {
    for (const name of APP_SERVICES) {
      const service = firstStart.services[name];
      const probe = service.healthcheck.test.join(' ');
      const path = name === 'gateway' ? '/api/healthz' : '/readyz';
      assert.match(probe, new RegExp(`http://127\\.0\\.0\\.1:${configOf(service).PORT}${path}'`), name);
      assert.equal(service.stop_grace_period, '30s', `${name} gets time to finish its jobs`);
    }
    assert.match(composeText, /^# Migrations before traffic: /m);
  });

  test('a service starts only once what it uses is healthy (or, for a set-up job, done)', () => {
    for (const [name, service] of services(firstStart)) {
      const dependencies = service.depends_on ?? {};
      for (const [dependency, { condition }] of Object.entries(dependencies))
        assert.equal(
          condition,
          ONE_SHOT.includes(dependency) ? 'service_completed_successfully' : 'service_healthy',
          `${name} waits for ${dependency}`,
        );
      const needed = new Set(hostsNamed(service));
      if (USES_THROUGH_FILES[name]) needed.add(USES_THROUGH_FILES[name].host);
      if (service.environment?.S3_ACCESS_KEY) needed.add('minio-init'); // its MinIO user and bucket
      assert.deepEqual(
        Object.keys(dependencies).sort(),
        [...needed].sort(),
        `${name} waits for what it uses`,
      );
    }
  });

  test('Redis keeps queued jobs: no eviction, an append-only file on a named volume', () => {
    const redis = firstStart.services.redis;
    assert.equal(redis.command.join(' ').match(/--maxmemory-policy (\S+)/)?.[1], 'noeviction');
    assert.equal(redis.command.join(' ').match(/--appendonly (\S+)/)?.[1], 'yes');
    assert.deepEqual(redis.volumes, ['redis-data:/data']);
  });

  test('what is kept lives in named volumes', () => {
    const named = Object.keys(firstStart.volumes);
    for (const [name, service] of services(firstStart))
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        if (!source.startsWith('./')) assert.ok(named.includes(source), `${name}: ${source} is declared`);
        else assert.match(volume, /:ro$/, `${name}: ${source} from the repository is read-only`);
      }
  });
});
