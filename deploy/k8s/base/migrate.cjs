// The migration Job (migrate.yaml): brings each service's schema up to date, with the migrations a starting replica
// would apply and under the same advisory lock (openDatabase from @tullab/runtime), then exits. It runs in the image's
// working directory, /app, where the workspaces resolve as packages; the database URLs are the services' own.
'use strict';
const path = require('node:path');
const { createRequire } = require('node:module');

const load = createRequire(path.join(process.cwd(), 'package.json'));
const { openDatabase } = load('@tullab/runtime');
const { createLogger } = load('@tullab/http');

const SERVICES = ['identity', 'verification', 'offers', 'notifications'];

async function migrate(name, log) {
  const variable = `${name.toUpperCase()}_DATABASE_URL`;
  const url = process.env[variable];
  if (!url) throw new Error(`${variable} is required`);
  const { spec, configShape } = load(`@tullab/${name}`);
  const orm = await openDatabase(
    { DATABASE_URL: url, DB_SCHEMA: configShape.DB_SCHEMA.parse(undefined) },
    log,
    spec,
  );
  await orm.close();
  log.info({ service: name }, 'schema up to date');
}

async function main() {
  const log = createLogger('migrate', process.env.LOG_LEVEL || 'info');
  for (const name of SERVICES) await migrate(name, log);
}

main().catch((err) => {
  process.stderr.write(`migrate: ${err.message}\n`);
  process.exit(1);
});
