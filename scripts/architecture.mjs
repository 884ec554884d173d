// The architecture rules (.dependency-cruiser.cjs), checked twice: the shipped code against every rule, then the
// tests too against every rule but the folder cycles (a test may import the harness that renders the whole app,
// which sits above the folder it tests). Prints each break and exits non-zero when there is one.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));
const WORKSPACES = ['apps', 'packages', 'services', 'tools'];

async function check(label, forbidden, exclude) {
  const options = {
    ...config.options,
    exclude,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden },
    outputType: 'err',
  };
  const { output, exitCode } = await cruise(WORKSPACES, options);
  process.stdout.write(`${label}: ${output.trim() || 'no breaks'}\n`);
  return exitCode;
}

const shipped = await check('shipped code', config.forbidden, config.options.exclude);
const withTests = await check(
  'with the tests',
  config.forbidden.filter((rule) => rule.scope !== 'folder'),
  { path: '(^|/)\\.data/' },
);
process.exitCode = shipped || withTests ? 1 : 0;
