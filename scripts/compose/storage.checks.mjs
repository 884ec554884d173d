// docker-compose.yml's object storage: no service holds MinIO's root credentials, each service that keeps files has a
// MinIO user of its own whose policy covers only its bucket. Run by scripts/compose.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  APP_SERVICES,
  compose,
  distinct,
  interpolateAll,
  read,
  requiredVariables,
  resolved,
} from './load.mjs';

const environment = (service) => resolved.services[service].environment ?? {};
const ROOT_CREDENTIALS = ['MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD'];
/** The services that keep files, and the one bucket each may touch (their DOCUMENT_BUCKET and LOGO_BUCKET). */
const BUCKETS = { verification: 'tullab-documents', offers: 'tullab-logos' };

describe('docker-compose.yml: object storage', () => {
  test('the secrets are required: compose refuses to start without any of them', () => {
    const secrets = [
      'INTERNAL_SECRET',
      'ADMIN_PASSWORD',
      'MINIO_ROOT_PASSWORD',
      'VERIFICATION_S3_SECRET_KEY',
      'OFFERS_S3_SECRET_KEY',
    ];
    // and nothing else: compose reads every service whatever the profile, so a profile's own variable cannot be one
    assert.deepEqual([...requiredVariables].sort(), [...secrets].sort());
    for (const name of secrets) {
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
});
