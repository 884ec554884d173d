// docker-compose.yml read as `docker compose` reads it (YAML merge keys, then `${VAR:-default}`, `${VAR-default}` and
// `${VAR:?error}` interpolation), for the checks in scripts/compose.test.mjs, which need no container engine.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const read = (file) => readFileSync(`${root}${file}`, 'utf8');

/** Compose's interpolation of a value: `$$`, `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`. */
function interpolate(value, env) {
  return value.replace(
    /\$(?:\$|([A-Za-z_]\w*)|\{([A-Za-z_]\w*)(?:(:?)([-?])([^}]*))?\})/g,
    (match, bare, name, colon, kind, word) => {
      if (match === '$$') return '$';
      const set = env[bare ?? name];
      const missing = set === undefined || (colon === ':' && set === '');
      if (!missing || !kind) return set ?? '';
      if (kind === '-') return word;
      throw new Error(`required variable ${name} is missing: ${word}`);
    },
  );
}

/** The whole document with every string interpolated from `env` (compose does it before it applies profiles). */
export function interpolateAll(node, env) {
  if (typeof node === 'string') return interpolate(node, env);
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, env));
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolateAll(value, env)]));
  return node;
}

export const composeText = read('docker-compose.yml');
export const compose = parse(composeText, { merge: true });

/** The strings of a document (values and keys; comments are not read, as compose does not read them). */
const strings = (node) =>
  typeof node === 'string'
    ? [node]
    : node && typeof node === 'object'
      ? Object.entries(node).flatMap(([key, value]) => [
          ...(Array.isArray(node) ? [] : [key]),
          ...strings(value),
        ])
      : [];
const variablesMatching = (pattern) => [
  ...new Set(strings(compose).flatMap((text) => [...text.matchAll(pattern)].map(([, name]) => name))),
];
/** Every variable the file reads, and those it requires (`${VAR:?…}`). */
export const variables = variablesMatching(/\$\{([A-Za-z_]\w*)/g);
export const requiredVariables = variablesMatching(/\$\{([A-Za-z_]\w*):\?/g);

/** Every variable set to a value of its own, so that each value shows which variable it came from. */
export const distinct = Object.fromEntries(variables.map((name) => [name, `value-of-${name}`]));
export const resolved = interpolateAll(compose, distinct);

/**
 * A first start as README.md describes it: the required secrets set to values of the kind .env.example asks for,
 * everything else unset, so every default applies.
 */
export const SAMPLE_SECRETS = {
  INTERNAL_SECRET: 'a3f1c9e07b5d4f2a8c6e1b9d7f3a5c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a',
  ADMIN_PASSWORD: 'Quiet-Harbour-Lantern-47',
  MINIO_ROOT_PASSWORD: '6c1e9a4f0b7d2e5a8c3f1b6d9e0a4c7f2b5d8e1a',
  VERIFICATION_S3_SECRET_KEY: '0d4a7e1b8c5f2a9d6e3b0c7f4a1d8e5b2c9f6a3d',
  OFFERS_S3_SECRET_KEY: '9b2e5a8d1c4f7b0e3a6d9c2f5b8e1a4d7c0f3b6e',
  GRAFANA_ADMIN_PASSWORD: 'b7e2a9d4c1f6',
};
export const firstStart = interpolateAll(compose, SAMPLE_SECRETS);

export const services = (document) => Object.entries(document.services);
/** The one-shot set-up jobs: they run once, and what needs them waits until they have succeeded. */
export const ONE_SHOT = ['minio-init', 'demo-catalogue'];
/** The Node processes that serve HTTP, by compose service name. */
export const APP_SERVICES = ['identity', 'verification', 'offers', 'notifications', 'gateway'];
