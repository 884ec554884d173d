import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { acceptedEncodings } from '../encodings/encodings';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this, compressing gains nothing worth the work. */
const THRESHOLD = 1024;

interface Encoded {
  identity: Buffer;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/**
 * The texts the gateway writes (a page with its head, robots.txt, sitemap.xml), each encoding made once per text:
 * the same page in the same language, or the same offer's preview, is compressed once. At most MAX_KEPT texts are
 * kept; then the oldest go.
 */
const kept = new Map<string, Encoded>();
const MAX_KEPT = 256;
/** a larger text (a sitemap of thousands of offers) is compressed each time rather than kept */
const MAX_KEPT_LENGTH = 256 * 1024;

function encodedOf(body: string): Encoded {
  let encoded = kept.get(body);
  if (encoded) return encoded;
  encoded = { identity: Buffer.from(body, 'utf8') };
  if (body.length > MAX_KEPT_LENGTH) return encoded;
  kept.set(body, encoded);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
  return encoded;
}

/**
 * Sends a text the gateway wrote, compressed as the client takes it (brotli, else gzip) when it is large enough to
 * gain from it, with `Vary: Accept-Encoding`.
 */
export async function sendText(
  req: Request,
  res: Response,
  body: string,
  headers: { status: number; type: string; cacheControl: string },
): Promise<void> {
  const encoded = encodedOf(body);
  res.status(headers.status).type(headers.type).setHeader('Cache-Control', headers.cacheControl);
  res.vary('Accept-Encoding');
  const encoding =
    encoded.identity.length >= THRESHOLD && acceptedEncodings(req.headers['accept-encoding'])[0];
  if (!encoding) return void res.send(encoded.identity);
  if (encoding.name === 'br') {
    encoded.br ??= brotli(encoded.identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: encoded.identity.length,
      },
    });
  } else {
    encoded.gzip ??= gzipped(encoded.identity, { level: 6 });
  }
  const compressed = await (encoding.name === 'br' ? encoded.br : encoded.gzip);
  res.setHeader('Content-Encoding', encoding.name);
  res.send(compressed);
}
