/**
 * A service's context, one per running service: its app, its consumer's handlers, its scheduled tasks and its
 * start-up work all receive the same `deps`, so they share what `build` made once (rate limiters, caches, keys).
 * A test that starts a second service gets a second context.
 */
export function serviceContext<D extends object, X>(build: (deps: D) => X): (deps: D) => X {
  const contexts = new WeakMap<D, X>();
  return (deps) => {
    if (!contexts.has(deps)) contexts.set(deps, build(deps));
    return contexts.get(deps) as X;
  };
}
