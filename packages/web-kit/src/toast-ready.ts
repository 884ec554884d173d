// Between notify() and the toast host it waits for (a module of its own, so that neither imports the other).
import type { VariantType } from 'notistack';

export type NotifyVariant = Extract<VariantType, 'default' | 'success' | 'error' | 'warning' | 'info'>;

let hostMounted: () => void = () => undefined;
/** Resolved once a toast host (`toast-host.tsx`, loaded after the page's first render) has mounted. */
export const hostReady = new Promise<void>((resolve) => {
  hostMounted = resolve;
});

/** Called by the toast host as it mounts: toasts asked for meanwhile show from then on. */
export const toastHostMounted = () => hostMounted();
