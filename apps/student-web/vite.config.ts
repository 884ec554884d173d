import { defineConfig, type Plugin } from 'vite';
import { paths } from './src/app/paths';

/** Writes `routes.json`: the gateway answers these paths with index.html and 200, any other page with 404. */
function routeManifest(): Plugin {
  return {
    name: 'tullab-route-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(Object.values(paths)) });
    },
  };
}

/** Vendor chunks change less often than the app, so browsers keep them cached across releases. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/(@mui|@emotion|@popperjs|react-transition-group|stylis)\//.test(id)) return 'mui';
  return 'vendor';
}

// The gateway serves the built app at `/` and the API at `/api`; in dev, Vite proxies `/api` to a running gateway.
export default defineConfig({
  base: '/',
  esbuild: { jsx: 'automatic' },
  plugins: [routeManifest()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
      onwarn(warning, warn) {
        // MUI marks its modules "use client" for React Server Components; that means nothing in a SPA bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.GATEWAY_URL ?? 'http://localhost:8080' } },
  },
});
