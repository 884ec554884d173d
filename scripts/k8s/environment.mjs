// What a container's environment will hold once Kubernetes resolves it: its own values, the keys of the ConfigMaps
// it takes whole (envFrom), and the ConfigMap and Secret keys it refers to one by one.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const load = createRequire(`${root}package.json`);

/** A process's zod config shape, from its built config module (its package exports the same; `npm run build` first). */
export function configShapeOf(service) {
  return load(`./services/${service}/dist/config.js`).configShape;
}

/** The variables a shape needs: those without a default that are not optional. */
export function requiredVariables(shape) {
  return Object.keys(shape).filter((name) => !shape[name].safeParse(undefined).success);
}

/**
 * Map of variable → { from: 'value' | 'configMap' | 'secret', value?, optional } for one container of a rendered
 * stack; throws naming the variable when it refers to a ConfigMap or Secret, or a key, the stack lacks.
 */
export function resolveEnvironment(container, { find }) {
  const variables = new Map();
  const dataOf = (kind, name, optional, what) => {
    const object = find(kind, name);
    if (!object && !optional) throw new Error(`${what}: no ${kind} ${name}`);
    return object?.data ?? {};
  };
  for (const { configMapRef, secretRef } of container.envFrom ?? []) {
    if (secretRef) throw new Error(`${container.name}: takes Secret ${secretRef.name} whole; name its keys`);
    for (const [name, value] of Object.entries(dataOf('ConfigMap', configMapRef.name, false, container.name)))
      variables.set(name, { from: 'configMap', value, optional: false });
  }
  for (const { name, value, valueFrom } of container.env ?? []) {
    if (!valueFrom) {
      variables.set(name, { from: 'value', value, optional: false });
      continue;
    }
    const { configMapKeyRef, secretKeyRef } = valueFrom;
    const ref = configMapKeyRef ?? secretKeyRef;
    if (!ref) throw new Error(`${container.name} ${name}: only ConfigMap and Secret keys are expected`);
    const kind = configMapKeyRef ? 'ConfigMap' : 'Secret';
    const optional = ref.optional === true;
    const text = dataOf(kind, ref.name, optional, `${container.name} ${name}`)[ref.key];
    if (text === undefined && !optional)
      throw new Error(`${container.name} ${name}: ${kind} ${ref.name} has no key ${ref.key}`);
    variables.set(name, {
      from: kind === 'ConfigMap' ? 'configMap' : 'secret',
      // Secrets' data is base64; ConfigMaps' is the text itself
      value: text === undefined || kind === 'ConfigMap' ? text : Buffer.from(text, 'base64').toString(),
      optional,
    });
  }
  return variables;
}
