// What both front-ends' Vite configs share: the build into dist/ with the app's own chunking, every text file
// written again as .br and .gz, and in dev the API proxied to a running gateway. Plain JavaScript, so that Vite loads
// it with the config without compiling it.
import { compression } from 'vite-plugin-compression2';

/**
 * The shared part of an app's Vite config. `plugins` run before the compression; `manualChunks` names the app's
 * vendor chunks; `port` is the dev server's.
 */
export function appConfig({ base, port, manualChunks, plugins = [] }) {
  return {
    base,
    esbuild: { jsx: 'automatic' },
    // every text file is also written as .br and .gz beside it, which the gateway sends to browsers that accept
    // them; a file too small to shrink too, so that everything a browser is sent arrives compressed
    plugins: [...plugins, compression({ skipIfLargerOrEqual: false })],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rollupOptions: {
        output: { manualChunks },
        onwarn(warning, warn) {
          // MUI marks its modules "use client" for React Server Components; that means nothing in a SPA bundle.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    },
    server: {
      port,
      proxy: { '/api': { target: process.env.GATEWAY_URL ?? 'http://localhost:8080' } },
    },
  };
}
