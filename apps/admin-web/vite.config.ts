import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

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
export default defineConfig({
  base: '/admin/',
  esbuild: { jsx: 'automatic' },
  // every text file is also written as .br and .gz beside it, which the gateway sends to browsers that accept them;
  // a file too small to shrink too, so that everything a browser is sent arrives compressed
  plugins: [compression({ skipIfLargerOrEqual: false })],
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
    port: 5174,
    proxy: { '/api': { target: process.env.GATEWAY_URL ?? 'http://localhost:8080' } },
  },
});
