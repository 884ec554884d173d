// What the static-file tests share: small builds of the student app and the admin console, written as the apps'
// builds write them, and the gateway serving them.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { RunningGateway } from '../src';
import { startGateway, tempDir } from './helpers';

export const STUDENT_INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-B4dx9k.js"></script></head><body><div id="root"></div></body></html>';
/** index.html without the home page's hero, which the student build writes for every other page. */
export const STUDENT_APP_PAGE =
  '<!doctype html><html><head><script type="module" src="/assets/index-B4dx9k.js"></script></head><body><div id="root"><header></header></div></body></html>';
export const ADMIN_INDEX =
  '<!doctype html><html><head><script type="module" src="/admin/assets/index-Zq81aa.js"></script></head><body><div id="admin"></div></body></html>';

/** A text file with the brotli and gzip copies the apps' builds write beside it. */
export function withCopies(name: string, content: string): Record<string, string | Buffer> {
  return { [name]: content, [`${name}.br`]: brotliCompressSync(content), [`${name}.gz`]: gzipSync(content) };
}

export function buildApp(index: string, files: Record<string, string | Buffer>): string {
  const dir = tempDir('tullab-dist');
  for (const [name, content] of Object.entries({ ...withCopies('index.html', index), ...files })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

export const STUDENT_JS = 'console.log("student")';

/** What the student app's build lists in routes.json (its own `paths`). */
export const APP_ROUTES = ['/', '/login', '/dashboard', '/how-it-works'];

/** What a browser asks for when it opens a page. */
export const html = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** The gateway serving a student build (routes.json, app.html, hashed assets, their compressed copies) and an admin one. */
export function startWithBuilds(): Promise<RunningGateway> {
  const studentDir = buildApp(STUDENT_INDEX, {
    'routes.json': JSON.stringify(APP_ROUTES),
    ...withCopies('app.html', STUDENT_APP_PAGE),
    ...withCopies('assets/index-B4dx9k.js', STUDENT_JS),
    // too small to gain from compression: the build writes no copies
    'assets/index-C1a2b3.css': 'body{}',
    ...withCopies('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  const adminDir = buildApp(ADMIN_INDEX, withCopies('assets/index-Zq81aa.js', 'console.log("admin")'));
  return startGateway({}, { STUDENT_WEB_DIR: studentDir, ADMIN_WEB_DIR: adminDir });
}
