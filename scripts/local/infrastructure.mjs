// What the services need around them: each part is started only when its variable is not already set.
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { startMailCatcher } from './mail-catcher.mjs';
import { startObjectStorage } from './object-storage.mjs';
import { resolveRedis } from './redis.mjs';
import { resolveSecrets } from './secrets.mjs';
import { redactUrl } from './urls.mjs';

const DEFAULTS = {
  PUBLIC_URL: 'http://localhost:8080',
  MAIL_FROM: 'Tullab <no-reply@tullab.local>',
  SUPPORT_EMAIL: 'support@tullab.local',
  // a local run starts with the demo catalogue (tools/demo-catalogue, loaded once, into an empty offers table)
  SEED_DEMO_OFFERS: 'true',
  // brands' webhooks may go to this computer (a sample store on localhost); never in production (T38)
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
};
const S3_VARIABLES = ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_REGION'];

/**
 * Starts the missing infrastructure, registering each stop with `cleanup` as soon as it runs (Redis first, so a
 * missing Redis is reported before PostgreSQL is initialised). Returns the variables the services get and what is
 * in use, for the summary. `quietMail` leaves out the line per caught message.
 */
export async function startInfrastructure({ env, repoRoot, dataDir, cleanup, onUnexpectedExit, quietMail }) {
  const shared = { DATA_DIR: dataDir };
  const uses = {};

  const redis = await resolveRedis({ env, dataDir, onUnexpectedExit });
  cleanup.add('redis', redis.stop);
  shared.REDIS_URL = redis.url;
  uses.redis = redis.description;

  if (env.SMTP_URL) {
    shared.SMTP_URL = env.SMTP_URL;
    uses.mail = `SMTP_URL from the environment (${redactUrl(env.SMTP_URL)})`;
  } else {
    const mail = await startMailCatcher({ quiet: quietMail });
    cleanup.add('SMTP catcher', mail.stop);
    shared.SMTP_URL = mail.url;
    uses.mail = `caught on ${mail.url}, read it on ${mail.pageUrl}`;
    uses.mailPage = mail.pageUrl;
  }

  if (env.S3_ENDPOINT) {
    for (const name of S3_VARIABLES) if (env[name]) shared[name] = env[name];
    uses.objectStorage = `S3_ENDPOINT from the environment (${env.S3_ENDPOINT})`;
  } else {
    const s3 = await startObjectStorage(dataDir);
    cleanup.add('S3 server', s3.stop);
    Object.assign(shared, s3.env);
    uses.objectStorage = s3.description;
  }

  if (env.DATABASE_URL) {
    shared.DATABASE_URL = env.DATABASE_URL;
    uses.database = `DATABASE_URL from the environment (${redactUrl(env.DATABASE_URL)})`;
  } else {
    const port = Number(env.EMBEDDED_PG_PORT || 54329);
    const postgres = await startEmbeddedPostgres({ repoRoot, dataDir, port, onUnexpectedExit });
    cleanup.add('embedded PostgreSQL', postgres.stop);
    shared.DATABASE_URL = postgres.url;
    uses.database = postgres.description;
  }

  Object.assign(shared, await resolveSecrets(env, dataDir));
  for (const [name, value] of Object.entries(DEFAULTS)) shared[name] = env[name] || value;

  return { env: shared, uses };
}
