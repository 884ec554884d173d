// Builds the button into one self-contained script, dist/button.js: an IIFE that a brand's page loads with a
// <script> tag, minified, with nothing in it but our own code and colours (issue 30 point 6: at most 30 kB
// compressed, no third-party code; test/size.test.ts checks both). The gateway serves it at /connect/button.js.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

await build({
  absWorkingDir: path.dirname(fileURLToPath(import.meta.url)),
  entryPoints: ['src/index.ts'],
  outfile: 'dist/button.js',
  bundle: true,
  format: 'iife',
  minify: true,
  // the browsers that have custom elements and shadow DOM
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
});
