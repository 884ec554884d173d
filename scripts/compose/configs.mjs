// The configuration each compose service runs with, read through the process's own zod configShape: the command
// names the built entry point (`node <workspace>/dist/<file>.js`), the workspace exports the shape its main parses.
// Needs the build (`npm run build`), as CI runs it before the tests.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { root } from './load.mjs';

const require = createRequire(import.meta.url);
const { parseConfig } = require('@tullab/config');

/**
 * The configuration module of each entry point compose runs: a service's main.ts parses its package's configShape;
 * the demo catalogue's cli.ts its own config.ts (the tool exports nothing else).
 */
const CONFIG_MODULES = {
  'services/identity/dist/main.js': '@tullab/identity',
  'services/verification/dist/main.js': '@tullab/verification',
  'services/offers/dist/main.js': '@tullab/offers',
  'services/notifications/dist/main.js': '@tullab/notifications',
  'services/gateway/dist/main.js': '@tullab/gateway',
  'tools/demo-catalogue/dist/cli.js': '@tullab/demo-catalogue/dist/config.js',
};

/** The entry point a compose command runs, checked against its source: it must exist and parse that configShape. */
export function entryPoint(command) {
  if (!Array.isArray(command) || command[0] !== 'node' || command.length !== 2)
    throw new Error(`command ${JSON.stringify(command)} is not ['node', '<workspace>/dist/<file>.js']`);
  const [, file] = command;
  const moduleName = CONFIG_MODULES[file];
  if (!moduleName) throw new Error(`${file} is not a known entry point`);
  const source = `${root}${file.replace('/dist/', '/src/').replace(/\.js$/, '.ts')}`;
  if (!existsSync(source)) throw new Error(`${file} has no source ${source}`);
  return { file, source: readFileSync(source, 'utf8'), configShape: require(moduleName).configShape };
}

/** The environment as the process sees it: every value a string. */
const asProcessEnv = (environment = {}) =>
  Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, String(value ?? '')]));

/** What parseConfig makes of the service's environment; throws ConfigError naming the variable, as the process does. */
export function configOf(service) {
  const { configShape } = entryPoint(service.command);
  return parseConfig(configShape, asProcessEnv(service.environment));
}

/** Variables the environment sets that the configuration does not read (zod would drop them without a word). */
export function unknownVariables(service) {
  const { configShape } = entryPoint(service.command);
  return Object.keys(service.environment ?? {}).filter((name) => !(name in configShape));
}
