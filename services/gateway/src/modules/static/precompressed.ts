import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { acceptedEncodings, ENCODINGS, type Encoding } from '../encodings/encodings';

const isFile = (file: string) =>
  stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );

/** The file of the build a request path names, or null when it names none (outside the folder, undecodable). */
function builtFile(root: string, requestPath: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  const file = path.join(root, relative);
  return file.startsWith(root + path.sep) && !relative.includes('\0') ? file : null;
}

/**
 * Sends a built file's brotli or gzip copy (written beside it by the build, `index-B4dx9k.js.br`) to a client whose
 * Accept-Encoding takes it, as the file itself: its Content-Type, `Content-Encoding`, the copy's Content-Length and
 * the Cache-Control `cacheControl` gives the file. A copy is sent whole, without byte ranges (a range of compressed
 * bytes is no range of the file). Everything else, and a client that takes neither, goes on to `express.static`;
 * every answer for a file that has copies says `Vary: Accept-Encoding`.
 */
export function precompressedFiles(dir: string, cacheControl: (file: string) => string): RequestHandler {
  const root = path.resolve(dir);
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = builtFile(root, req.path);
    if (!file || !(await isFile(file))) return next();
    const exists = await Promise.all(ENCODINGS.map((encoding) => isFile(file + encoding.extension)));
    const copies = ENCODINGS.filter((_, i) => exists[i]);
    if (copies.length === 0) return next();
    res.vary('Accept-Encoding');
    const encoding = acceptedEncodings(req.headers['accept-encoding']).find((e) => copies.includes(e));
    if (!encoding) return next();

    res.type(path.extname(file));
    res.setHeader('Content-Encoding', encoding.name);
    res.setHeader('Cache-Control', cacheControl(file));
    const copy = path.relative(root, file) + encoding.extension;
    res.sendFile(copy, { root, acceptRanges: false, cacheControl: false }, (err) => {
      if (!err || res.headersSent) return;
      // the copy went away since it was found (a rebuild): the file itself, uncompressed
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next();
    });
  };
}

/**
 * A built file's bytes in the best encoding of its copies the Accept-Encoding header takes (`{ body, encoding }`),
 * else the file itself (`{ body }`); null when it is not built.
 */
export async function readBuilt(
  file: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding?: Encoding['name'] } | null> {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const body = await readFile(file + encoding.extension).catch(() => null);
    if (body) return { body, encoding: encoding.name };
  }
  return readFile(file).then(
    (body) => ({ body }),
    () => null,
  );
}
