// Checks of docker-compose.yml (`node --test`, run by `npm run test:scripts`) where Docker is not needed: the file is
// read as `docker compose` reads it (YAML merge keys, `${VAR:-default}` and `${VAR:?error}` interpolation) with a
// distinct value for every variable, so each value shows which variable it came from.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file) => readFileSync(`${root}${file}`, 'utf8');

/** Compose's interpolation of one value: `$$`, `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`. */
function interpolate(value, env) {
  return value.replace(
    /\$(?:\$|([A-Za-z_]\w*)|\{([A-Za-z_]\w*)(?:(:?)([-?])([^}]*))?\})/g,
    (match, bare, name, colon, kind, word) => {
      if (match === '$$') return '$';
      const set = env[bare ?? name];
      const missing = set === undefined || (colon === ':' && set === '');
      if (!missing || !kind) return set ?? '';
      if (kind === '-') return word;
      throw new Error(`required variable ${name} is missing: ${word}`);
    },
  );
}

function interpolateAll(node, env) {
  if (typeof node === 'string') return interpolate(node, env);
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, env));
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolateAll(value, env)]));
  return node;
}

const composeText = read('docker-compose.yml');
const compose = parse(composeText, { merge: true });

/** Every variable the file names, each set to a value of its own. */
const variables = [...new Set([...composeText.matchAll(/\$\{([A-Za-z_]\w*)/g)].map(([, name]) => name))];
const distinct = Object.fromEntries(variables.map((name) => [name, `value-of-${name}`]));
const resolved = interpolateAll(compose, distinct);
const environment = (service) => resolved.services[service].environment ?? {};

const ROOT_CREDENTIALS = ['MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD'];
/** The services that keep files, and the one bucket each may touch (their DOCUMENT_BUCKET and LOGO_BUCKET). */
const BUCKETS = { verification: 'tullab-documents', offers: 'tullab-logos' };
const APP_SERVICES = ['identity', 'verification', 'offers', 'notifications', 'gateway'];

describe('docker-compose.yml: object storage', () => {
  test('the secrets are required: compose refuses to start without any of them', () => {
    for (const name of [
      'INTERNAL_SECRET',
      'ADMIN_PASSWORD',
      'MINIO_ROOT_PASSWORD',
      'VERIFICATION_S3_SECRET_KEY',
      'OFFERS_S3_SECRET_KEY',
    ]) {
      const { [name]: _left, ...env } = distinct;
      assert.throws(() => interpolateAll(compose, env), new RegExp(`required variable ${name} is missing`));
      assert.throws(() => interpolateAll(compose, { ...env, [name]: '' }), /required variable/);
    }
  });

  test('no service holds the root credentials: only MinIO and the one-shot minio-init', () => {
    const holders = Object.keys(resolved.services).filter((service) =>
      Object.values(environment(service)).some((value) =>
        ROOT_CREDENTIALS.some((name) => String(value).includes(distinct[name])),
      ),
    );
    assert.deepEqual(holders.sort(), ['minio', 'minio-init']);
    for (const service of Object.keys(resolved.services))
      assert.equal(resolved.services[service].env_file, undefined);
  });

  test('each service that keeps files has a key of its own, and the others have none', () => {
    const keys = Object.fromEntries(
      APP_SERVICES.map((service) => [
        service,
        [environment(service).S3_ACCESS_KEY, environment(service).S3_SECRET_KEY],
      ]),
    );
    assert.deepEqual(keys, {
      identity: [undefined, undefined],
      verification: ['verification', distinct.VERIFICATION_S3_SECRET_KEY],
      offers: ['offers', distinct.OFFERS_S3_SECRET_KEY],
      notifications: [undefined, undefined],
      gateway: [undefined, undefined],
    });
    for (const service of Object.keys(BUCKETS)) {
      assert.equal(environment(service).S3_ENDPOINT, 'http://minio:9000');
      // the default buckets, the ones the policies name
      assert.equal(environment(service).DOCUMENT_BUCKET, undefined);
      assert.equal(environment(service).LOGO_BUCKET, undefined);
    }
  });

  test('the demo catalogue is loaded by a one-shot job as offers, into offers, with none of the app secrets', () => {
    const job = resolved.services['demo-catalogue'];
    assert.deepEqual(job.command, ['node', 'tools/demo-catalogue/dist/cli.js']);
    assert.equal(job.image, resolved.services.offers.image);
    const env = environment('demo-catalogue');
    for (const name of ['DATABASE_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'])
      assert.equal(env[name], environment('offers')[name], name);
    assert.equal(env.SEED_DEMO_OFFERS, distinct.SEED_DEMO_OFFERS);
    for (const name of ['INTERNAL_SECRET', 'ADMIN_PASSWORD'])
      assert.ok(!Object.values(env).some((value) => String(value).includes(distinct[name])), name);
  });

  test('minio-init makes each such user with its own secret key and a policy of its name', () => {
    const init = resolved.services['minio-init'];
    assert.deepEqual(init.depends_on, { minio: { condition: 'service_healthy' } });
    assert.deepEqual(init.volumes, ['./deploy/minio:/etc/tullab/minio:ro']);
    assert.deepEqual(init.entrypoint, ['/bin/sh', '/etc/tullab/minio/init.sh']);
    const script = read('deploy/minio/init.sh');
    assert.match(script, /^set -eu$/m);
    assert.match(script, /^mc mb --ignore-existing tullab\/tullab-documents tullab\/tullab-logos$/m);
    const grants = Object.fromEntries(
      [...script.matchAll(/^grant (\S+) "\$(\w+)"$/gm)].map(([, user, v]) => [user, v]),
    );
    assert.deepEqual(grants, {
      verification: 'VERIFICATION_S3_SECRET_KEY',
      offers: 'OFFERS_S3_SECRET_KEY',
    });
    for (const [user, variable] of Object.entries(grants)) {
      // the secret key minio-init sets is the one the service signs its requests with
      assert.equal(init.environment[variable], environment(user).S3_SECRET_KEY);
    }
    assert.match(script, /mc admin policy create tullab "\$1" "\/etc\/tullab\/minio\/\$1\.json"/);
    assert.match(script, /mc admin user add tullab "\$1" "\$2"/);
    assert.match(script, /mc admin policy attach tullab "\$1" --user "\$1"$/m);
  });

  for (const [service, bucket] of Object.entries(BUCKETS)) {
    test(`${service}'s policy covers only its bucket, ${bucket}, and only object calls`, () => {
      const policy = JSON.parse(read(`deploy/minio/${service}.json`));
      assert.equal(policy.Version, '2012-10-17');
      const resources = new Set();
      for (const statement of policy.Statement) {
        assert.equal(statement.Effect, 'Allow');
        assert.equal(statement.Condition, undefined);
        for (const action of statement.Action) assert.match(action, /^s3:[A-Za-z]+$/);
        for (const resource of statement.Resource) resources.add(resource);
      }
      assert.deepEqual([...resources].sort(), [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`]);
      const actions = policy.Statement.flatMap((statement) => statement.Action).sort();
      assert.deepEqual(actions, [
        's3:DeleteObject',
        's3:GetBucketLocation',
        's3:GetObject',
        's3:ListBucket',
        's3:PutObject',
      ]);
    });
  }

  test('.env.example names every variable compose requires', () => {
    const example = read('.env.example');
    const required = [...composeText.matchAll(/\$\{([A-Za-z_]\w*):\?/g)].map(([, name]) => name);
    assert.ok(required.includes('MINIO_ROOT_PASSWORD'));
    for (const name of new Set(required)) assert.match(example, new RegExp(`^# ${name}=`, 'm'));
  });
});

/** The one-shot set-up jobs: they run once, and what needs them waits until they have succeeded. */
const ONE_SHOT = ['minio-init', 'demo-catalogue'];

describe('docker-compose.yml: restarts and start order', () => {
  const services = Object.entries(resolved.services);

  test('every long-running service comes back after a crash and says when it is healthy', () => {
    for (const [name, service] of services.filter(([name]) => !ONE_SHOT.includes(name))) {
      assert.equal(service.restart, 'unless-stopped', `${name} restarts`);
      assert.ok(service.healthcheck?.test, `${name} has a healthcheck`);
    }
    for (const name of ONE_SHOT) assert.equal(resolved.services[name].restart, 'no');
  });

  test('a service starts only once what it uses is healthy (or, for a set-up job, done)', () => {
    for (const [name, service] of services) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {}))
        assert.equal(
          condition,
          ONE_SHOT.includes(dependency) ? 'service_completed_successfully' : 'service_healthy',
          `${name} waits for ${dependency}`,
        );
    }
    for (const name of APP_SERVICES.filter((name) => name !== 'gateway'))
      assert.deepEqual(Object.keys(resolved.services[name].depends_on).sort(), [
        'mailpit',
        'minio-init',
        'postgres',
        'redis',
      ]);
    assert.deepEqual(
      APP_SERVICES.filter((name) => name !== 'gateway').filter(
        (name) => !resolved.services.gateway.depends_on[name],
      ),
      [],
      'the gateway waits for every service it routes to',
    );
  });
});
