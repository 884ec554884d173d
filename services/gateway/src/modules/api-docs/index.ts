import { createHash } from 'node:crypto';
import { Router, type Response } from 'express';
import { openApiDocument } from '@tullab/contracts';
import { docsPage, startScript, viewerFilePath, viewerFiles } from './viewer';

/** The API's own version in the document: its major part changes with a change that breaks a client. */
export const API_VERSION = '1.0.0';

/** Public and the same for everyone until the next deploy: browsers and proxies keep it five minutes. */
const CACHEABLE = 'public, max-age=300';

const DOCUMENT_PATH = '/openapi.json';
const DOCS_PATH = '/docs';

export interface ApiDocsDeps {
  publicUrl: string;
}

function sendText(res: Response, type: string, body: string, etag: string) {
  res.set({ 'Cache-Control': CACHEABLE, ETag: etag }).type(type);
  if (res.req.fresh) return void res.status(304).end();
  res.send(body);
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * `GET /api/openapi.json`, the OpenAPI 3.1 document of every route (built from @tullab/contracts), and `GET /api/docs`,
 * the reference to read it in (docs/api.md). Both public, no session; worked out once, when the gateway starts.
 */
export function apiDocsRouter(deps: ApiDocsDeps): Router {
  const document = JSON.stringify(openApiDocument({ version: API_VERSION, serverUrl: deps.publicUrl }));
  const page = docsPage(`/api${DOCS_PATH}`);
  const start = startScript(`/api${DOCUMENT_PATH}`);
  const router = Router();

  router.get(DOCUMENT_PATH, (_req, res) => sendText(res, 'application/json', document, etagOf(document)));
  router.get(DOCS_PATH, (_req, res) => sendText(res, 'html', page, etagOf(page)));
  router.get(`${DOCS_PATH}/start.js`, (_req, res) => sendText(res, 'js', start, etagOf(start)));
  for (const name of Object.keys(viewerFiles) as Array<keyof typeof viewerFiles>) {
    const file = viewerFilePath(name);
    router.get(`${DOCS_PATH}/${name}`, (_req, res) => res.sendFile(file, { maxAge: 300_000 }));
  }
  return router;
}
