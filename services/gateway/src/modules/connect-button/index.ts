import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Router } from 'express';
import { CONNECT_PATHS } from '@tullab/contracts';
import { acceptedEncodings } from '../encodings/encodings';

/**
 * Brands' pages load the script at the same address on every checkout: five minutes in their visitors' caches, then
 * revalidated with its ETag (the apps' hashed files are cached for a year; this address cannot change with a build).
 */
const BUTTON_CACHE_CONTROL = 'public, max-age=300';

/** The script's bytes as sent: as built, and compressed once, as hard as brotli and gzip go. */
function encodedScript(file: string) {
  const identity = readFileSync(file);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * `GET /connect/button.js`: the "Verify with Tullab" button (`@tullab/connect-button`, issue 30 point 6) that brands'
 * pages load with a script tag. Mounted before the student app's pages, where `/connect/:uid` would take the path for
 * an interaction, and it is none of the provider's paths (`isConnectPath`). The built file (CONNECT_BUTTON_FILE) is
 * read and compressed once, at start: a rebuild is served after a restart. Brotli or gzip as the client takes them,
 * with `Vary: Accept-Encoding`. Other sites' pages load it, so it is the one answer with `Cross-Origin-Resource-Policy:
 * cross-origin` (the gateway's is `same-origin`, S26) and `Access-Control-Allow-Origin: *` (a script tag with
 * `crossorigin`, or with `integrity`, fetches it in CORS mode); it carries no cookie and no one's data.
 */
export function connectButtonScript(file: string): Router {
  const script = encodedScript(file);
  return Router().get(CONNECT_PATHS.button, (req, res) => {
    const encoding = acceptedEncodings(req.headers['accept-encoding'])[0];
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', BUTTON_CACHE_CONTROL);
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.vary('Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding.name);
    res.send(encoding ? script[encoding.name] : script.identity);
  });
}
