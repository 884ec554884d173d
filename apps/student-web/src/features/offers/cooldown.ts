import { useCallback, useRef } from 'react';

/** SPEC §9: at most one code copy per 1.5 s, one referral-link opening per 5 s. */
export const COPY_COOLDOWN_MS = 1500;
export const REFERRAL_COOLDOWN_MS = 5000;

/**
 * A gate that lets one action through, then refuses for `ms`: `tryPass()` is true when the action may run now.
 * `now` is injectable for tests.
 */
export function createCooldown(ms: number, now: () => number = Date.now) {
  let last = -Infinity;
  return function tryPass(): boolean {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}

/** `createCooldown` kept for the life of a component (SPEC §4 debounced copy and referral opening). */
export function useCooldown(ms: number): () => boolean {
  const gate = useRef<() => boolean>(null);
  return useCallback(() => {
    gate.current ??= createCooldown(ms);
    return gate.current();
  }, [ms]);
}
