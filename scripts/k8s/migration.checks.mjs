// The migration Job: what it runs and with what, the release order that applies what it needs first, and its script
// (each service's dist/migrate.js) run against an empty database. Run by scripts/k8s.test.mjs.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import pg from 'pg';
import { resolveEnvironment } from './environment.mjs';
import { SERVICES, root, skip, stackOf } from './stacks.mjs';

describe('deploy/k8s: the migration Job', { skip }, () => {
  const production = stackOf('production');

  test("runs each service's migrate-only entry point on that service's database URL", () => {
    const [job] = production.ofKind('Job');
    const container = job.spec.template.spec.containers[0];
    assert.deepEqual(container.command, ['sh', '-ec']);
    assert.deepEqual(
      container.args[0].trim().split('\n'),
      SERVICES.map(
        (name) => `DATABASE_URL="$${name.toUpperCase()}_DATABASE_URL" node services/${name}/dist/migrate.js`,
      ),
    );
    const environment = resolveEnvironment(container, production);
    for (const name of SERVICES)
      assert.equal(environment.get(`${name.toUpperCase()}_DATABASE_URL`).from, 'secret');
  });

  test('the first step of a release (docs/scaling.md "Releasing") applies the Job and all it refers to, no Deployment', () => {
    const first = production.objects.filter((object) =>
      ['configuration', 'migration'].includes(object.metadata.labels?.['app.kubernetes.io/component']),
    );
    const names = (kind) =>
      first.filter((object) => object.kind === kind).map((object) => object.metadata.name);
    const [job] = production.ofKind('Job');
    assert.deepEqual(names('Job'), [job.metadata.name]);
    assert.deepEqual(names('Deployment'), []);
    const { spec } = job.spec.template;
    const refs = spec.containers.flatMap((container) =>
      (container.env ?? []).flatMap(({ valueFrom }) =>
        valueFrom?.configMapKeyRef
          ? [['ConfigMap', valueFrom.configMapKeyRef.name]]
          : valueFrom?.secretKeyRef
            ? [['Secret', valueFrom.secretKeyRef.name]]
            : [],
      ),
    );
    for (const volume of spec.volumes ?? [])
      if (volume.configMap) refs.push(['ConfigMap', volume.configMap.name]);
    assert.ok(refs.length >= 3);
    for (const [kind, name] of refs)
      assert.ok(names(kind).includes(name), `${kind} ${name} is applied first`);
  });
});

// needs the build, PostgreSQL and kubectl (the script is read from the rendered Job)
describe("deploy/k8s: the migration Job's script", { skip }, () => {
  test('brings every service schema up to date in an empty database, and again changes nothing', async () => {
    const admin = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const database = `tullab_k8s_${randomUUID().slice(0, 8)}`;
    const url = new URL(admin);
    url.pathname = `/${database}`;
    const env = { ...process.env, LOG_LEVEL: 'warn' };
    for (const name of SERVICES) env[`${name.toUpperCase()}_DATABASE_URL`] = url.href;
    const [job] = stackOf('production').ofKind('Job');
    const { command, args } = job.spec.template.spec.containers[0];
    // the image's working directory is the repository's root, as here
    const run = () =>
      execFileSync(command[0], [...command.slice(1), ...args], { cwd: root, env, encoding: 'utf8' });
    const server = new pg.Client({ connectionString: admin.href });
    await server.connect();
    await server.query(`create database ${database}`);
    const client = new pg.Client({ connectionString: url.href });
    try {
      run();
      await client.connect();
      const applied = async () => {
        const counts = [];
        for (const schema of SERVICES) {
          const { rows } = await client.query(
            `select count(*)::int as n from ${schema}.mikro_orm_migrations`,
          );
          counts.push(rows[0].n);
        }
        return counts;
      };
      const first = await applied();
      assert.ok(
        first.every((count) => count > 1),
        `migrations applied per schema: ${first}`,
      );
      run();
      assert.deepEqual(await applied(), first);
    } finally {
      await client.end();
      await server.query(`drop database if exists ${database} with (force)`);
      await server.end();
    }
  });
});
