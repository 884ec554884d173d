// Renders a kustomization offline (`kubectl kustomize`, no cluster) into plain objects, and validates each against
// the Kubernetes API's schemas (the `kubernetes-models` package, one model per apiVersion and kind).
import { execFileSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';

/**
 * Why the manifests cannot be rendered here, or null: kubectl must be on the PATH with kustomize v5 or later (kubectl
 * 1.27+). Debian 12's own `kubernetes-client` is kubectl 1.20, whose kustomize (v2) reads none of `labels`, `patches`
 * or `envs`.
 */
export function kubectlProblem() {
  let version;
  try {
    version = execFileSync('kubectl', ['version', '--client'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch {
    return 'kubectl is not installed';
  }
  const major = Number(/Kustomize Version: v(\d+)/.exec(version)?.[1] ?? 0);
  const client = /GitVersion:"(v[\d.]+)|Client Version: (v[\d.]+)/.exec(version)?.slice(1).find(Boolean);
  return major >= 5
    ? null
    : `kubectl ${client ?? '(unknown)'} has a kustomize older than v5: install kubectl 1.27+`;
}

/** The objects `kubectl kustomize <dir>` prints. */
export function render(dir) {
  const text = execFileSync('kubectl', ['kustomize', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return parseAllDocuments(text).map((document) => {
    if (document.errors.length) throw document.errors[0];
    return document.toJS();
  });
}

/** Throws, naming the object and the field, when `object` breaks its kind's schema. */
export async function validateSchema(object) {
  const name = `${object.kind}/${object.metadata?.name}`;
  let model;
  try {
    ({ [object.kind]: model } = await import(`kubernetes-models/${object.apiVersion}/${object.kind}`));
  } catch {
    throw new Error(`${name}: no schema for ${object.apiVersion} ${object.kind}`);
  }
  try {
    new model(object).validate();
  } catch (err) {
    throw new Error(`${name}: ${err.message}`);
  }
}

/** Lookups over one rendered stack. */
export function stack(objects) {
  const ofKind = (kind) => objects.filter((object) => object.kind === kind);
  const find = (kind, name) =>
    objects.find((object) => object.kind === kind && object.metadata.name === name);
  return { objects, ofKind, find };
}
