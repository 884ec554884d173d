// The demo catalogue (tools/demo-catalogue), loaded before the services start: its command migrates offers' schema and
// adds the 30 demo offers and their logos when there are no offers yet (SEED_DEMO_OFFERS=false: nothing).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LaunchError } from './failure.mjs';
import { say } from './output.mjs';

const COMMAND = join('tools', 'demo-catalogue', 'dist', 'cli.js');

/**
 * Runs the command with `env` (offers' variables: DATABASE_URL, DB_SCHEMA, S3_*, LOGO_BUCKET) and passes each line
 * it prints to `onLine`; resolves when it is done, rejects with a LaunchError when it fails.
 */
export function loadDemoCatalogue({ repoRoot, env, onLine = (line) => say('catalogue', line) }) {
  if (!existsSync(join(repoRoot, COMMAND)))
    return Promise.reject(new LaunchError(`the build did not produce ${COMMAND}`));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [COMMAND], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (text) => {
        for (const line of text.split('\n').filter(Boolean)) onLine(line);
      });
    }
    child.once('error', (err) => reject(new LaunchError(`could not run ${COMMAND}: ${err.message}`)));
    child.once('exit', (code, signal) => {
      if (code === 0) return resolve();
      reject(new LaunchError(`the demo catalogue was not loaded (${signal ?? `exit code ${code}`})`));
    });
  });
}
