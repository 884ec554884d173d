import { dirname, join } from 'node:path';

/** The package of the API reference's viewer (Swagger UI), served from our origin (never a CDN, S26). */
export const VIEWER_PACKAGE = 'swagger-ui-dist';

/** The viewer's files the page loads, each served as `/api/docs/<name>`. */
export const viewerFiles = {
  'viewer.js': 'swagger-ui-bundle.js',
  'viewer.css': 'swagger-ui.css',
} as const;

/** Where the viewer's file `name` is in the installed package. */
export function viewerFilePath(name: keyof typeof viewerFiles): string {
  return join(dirname(require.resolve(`${VIEWER_PACKAGE}/package.json`)), viewerFiles[name]);
}

/** The page: the viewer, its styles and the start script come from our origin, so the site's CSP needs no exception. */
export const docsPage = (base: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Tullab API reference</title>
    <link rel="stylesheet" href="${base}/viewer.css" />
  </head>
  <body>
    <main id="app"></main>
    <script src="${base}/viewer.js"></script>
    <script src="${base}/start.js"></script>
  </body>
</html>
`;

/**
 * Starts the viewer on the document, with links to each operation that can be shared. The groups are listed closed
 * and open on demand: Swagger UI stops drawing a list of more than about 120 open operations after the first few.
 */
export const startScript = (documentUrl: string) =>
  `window.ui = SwaggerUIBundle(${JSON.stringify({ url: documentUrl, dom_id: '#app', deepLinking: true, docExpansion: 'none' })});\n`;
