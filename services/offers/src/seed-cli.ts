import { loadConfig } from '@tullab/config';
import { createLogger } from '@tullab/http';
import { configShape } from './config';
import { openDatabase } from './db';
import { logoStore } from './modules/logos/store';
import { seedDemoOffers } from './modules/seed/seed';

/**
 * `npm run seed`: loads the demo catalogue when the offers schema has no offers yet (offers' own configuration:
 * DATABASE_URL, S3_*, …; migrates first). Running it again changes nothing.
 */
async function main(): Promise<void> {
  const config = loadConfig('offers', configShape);
  const log = createLogger('offers-seed', config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const orm = await openDatabase(config, log);
  try {
    const store = logoStore(config);
    await store.ensureBucket();
    const added = await seedDemoOffers(orm.em.fork(), store, log);
    process.stdout.write(
      added
        ? `seed: loaded ${added} demo offers\n`
        : 'seed: the catalogue has offers already; nothing loaded\n',
    );
  } finally {
    await orm.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`seed: ${(err as Error).message}\n`);
    process.exit(1);
  });
}
