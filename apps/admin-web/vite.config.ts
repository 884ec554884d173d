import { defineConfig } from 'vite';
import { appConfig } from '@tullab/ui/vite';

/** Vendor chunks change less often than the console, so browsers keep them cached across releases. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/(@mui|@emotion|@popperjs|react-transition-group|stylis)\//.test(id)) return 'mui';
  if (/\/node_modules\/(react-admin|ra-[a-z-]+)\//.test(id)) return 'react-admin';
  return 'vendor';
}

// The gateway serves the built console at `/admin/` and the API at `/api`; in dev, Vite proxies `/api` to it.
// react-admin routes with a hash (`/admin/#/verifications`), so the gateway only needs to serve index.html.
export default defineConfig(appConfig({ base: '/admin/', port: 5174, manualChunks: vendorChunk }));
