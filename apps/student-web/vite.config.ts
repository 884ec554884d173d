import { gzipSync } from 'node:zlib';
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

/** Issue 5: the JavaScript the home page needs before it works, gzipped. */
const HOME_PAGE_BUDGET_BYTES = 200 * 1000;

/**
 * Fails the build when the entry chunk and everything it imports statically (what the browser must load before the
 * home page runs; pages loaded on demand are not counted) pass the budget, and prints the figure either way.
 */
function homePageBudget(): Plugin {
  return {
    name: 'tullab-home-page-budget',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item] as const] : [],
        ),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const loaded = new Set<string>();
      const visit = (fileName: string) => {
        if (loaded.has(fileName)) return;
        loaded.add(fileName);
        chunks.get(fileName)?.imports.forEach(visit);
      };
      visit(entry.fileName);
      const bytes = [...loaded].reduce((sum, name) => sum + gzipSync(chunks.get(name)?.code ?? '').length, 0);
      const summary = `home page JavaScript: ${(bytes / 1000).toFixed(1)} kB gzipped (budget ${HOME_PAGE_BUDGET_BYTES / 1000} kB)`;
      if (bytes > HOME_PAGE_BUDGET_BYTES) this.error(summary);
      this.info(summary);
    },
  };
}

/**
 * React in a chunk of its own, which changes least and stays cached across releases. Everything else is left to
 * Rollup, so a library only the lazy pages use (zod, react-final-form, most of MUI) loads with them, not with the
 * home page (issue 5: at most 200 kB of gzipped JavaScript before the home page works).
 */
function vendorChunk(id: string): string | undefined {
  return /\/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined;
}

// The gateway serves the built app at `/` and the API at `/api`; in dev, Vite proxies `/api` to a running gateway.
export default defineConfig({
  base: '/',
  esbuild: { jsx: 'automatic' },
  plugins: [routeManifest(), homePageBudget()],
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
