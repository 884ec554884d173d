// The two rendered stacks the checks of scripts/k8s.test.mjs read (the base and the production overlay), and the
// small lookups they share. Rendering needs kubectl 1.27+; without it the checks are skipped, except in CI.
import { fileURLToPath } from 'node:url';
import { kubectlProblem, render, stack } from './render.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const BASE = `${root}deploy/k8s/base`;
export const PRODUCTION = `${root}deploy/k8s/overlays/production`;
export const PROCESSES = ['gateway', 'identity', 'verification', 'offers', 'notifications'];
export const SERVICES = PROCESSES.filter((name) => name !== 'gateway');

const problem = kubectlProblem();
if (problem && process.env.CI) throw new Error(problem);
/** node:test's `skip` for checks that need the rendered stacks */
export const skip = problem ?? false;

const rendered = problem ? {} : { base: stack(render(BASE)), production: stack(render(PRODUCTION)) };
/** A rendered stack's lookups (empty when it cannot be rendered; its checks are skipped then). */
export const stackOf = (label) => rendered[label] ?? stack([]);

export const podOf = (owner) => owner.spec.template;
export const containerOf = (owner) => podOf(owner).spec.containers[0];
/** Whether a label selector selects these labels (the manifests use matchLabels only). */
export function matches(selector, labels) {
  if (selector.matchExpressions) throw new Error('matchExpressions are not read by these checks');
  return Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels?.[key] === value);
}
/** A container port's number, given as a number or by its name. */
export const portNumber = (container, port) =>
  typeof port === 'number' ? port : container.ports?.find((named) => named.name === port)?.containerPort;

/** A Kubernetes quantity (`250m`, `1`, `512Mi`, `1Gi`) as a number, to compare two of one resource. */
export function quantity(text) {
  const units = { m: 1e-3, '': 1, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 };
  const [, number, unit] = /^([\d.]+)(m|Ki|Mi|Gi|)$/.exec(String(text));
  return Number(number) * units[unit];
}
