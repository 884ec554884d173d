import { defineConfig, type Plugin } from 'vite';
import { appConfig } from '@tullab/ui/vite';
import { paths } from './src/app/paths';

/**
 * Writes `routes.json`, the portal's pages (its `paths`): the gateway answers them with index.html and 200, any other
 * page under `/merchant` with index.html and 404, where the portal shows its not-found page.
 */
function routeManifest(): Plugin {
  return {
    name: 'tullab-route-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(Object.values(paths)) });
    },
  };
}

/** React in a chunk of its own, which changes least and stays cached across releases. */
function vendorChunk(id: string): string | undefined {
  return /\/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined;
}

// The gateway serves the built portal at `/merchant/` (issue 29) and the API at `/api`; in dev, Vite proxies `/api`.
export default defineConfig(
  appConfig({ base: '/merchant/', port: 5175, manualChunks: vendorChunk, plugins: [routeManifest()] }),
);
