import { loadConfig } from '@tullab/config';
import { createLogger } from '@tullab/log';
import { entities, logoStore, migrations } from '@tullab/offers/tooling';
import { openDatabase } from '@tullab/runtime';
import { loadDemoCatalogue } from './catalogue';
import { configShape } from './config';

/**
 * `npm run seed`, `npm start` and compose's one-shot `demo-catalogue`: loads the demo catalogue when the offers schema
 * has no offers yet (offers' DATABASE_URL, DB_SCHEMA, S3_* and LOGO_BUCKET; migrates it first). Running it again
 * changes nothing.
 */
async function main(): Promise<void> {
  const config = loadConfig('demo-catalogue', configShape);
  if (!config.SEED_DEMO_OFFERS) {
    process.stdout.write('seed: SEED_DEMO_OFFERS is false; nothing loaded\n');
    return;
  }
  const log = createLogger('demo-catalogue', config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const orm = await openDatabase(config, log, { entities, migrations });
  try {
    const store = logoStore(config);
    await store.ensureBucket();
    const added = await loadDemoCatalogue(orm.em.fork(), store, log);
    process.stdout.write(
      added
        ? `seed: loaded ${added} demo offers\n`
        : 'seed: the catalogue has offers already; nothing loaded\n',
    );
  } finally {
    await orm.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`seed: ${(err as Error).message}\n`);
  process.exit(1);
});
