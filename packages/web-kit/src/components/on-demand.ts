import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type OnDemand<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** starts loading the code now (e.g. when a pointer comes near the button that shows it) */
  preload: () => Promise<ComponentType<P>>;
};

/**
 * A component whose code is fetched the first time it renders (or is preloaded), so the home page's first download
 * stays small (issue 5 "Quality"). Render it inside a Suspense boundary. A failed download may be tried again.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(
    lazy(async () => ({ default: await preload() })),
    { preload },
  );
}
