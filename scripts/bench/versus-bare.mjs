// A path through the gateway measured against a bare node:http server that sends the same bytes from this machine
// (the ceiling any Node server has for that answer), under the same load.
import { createServer, request as httpRequest } from 'node:http';
import { load } from './load.mjs';
import { WARM_UP_SECONDS } from './settings.mjs';

/** The answer the gateway gives a browser, fetched once: its bytes as sent (still encoded) and headers. */
function answerAsSent(url, headers) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A node:http server answering every request with exactly these bytes and content headers. */
async function bareServer(answer) {
  const headers = {};
  for (const name of ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary']) {
    if (answer.headers[name]) headers[name] = answer.headers[name];
  }
  const server = createServer((_req, res) => res.writeHead(200, headers).end(answer.body));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The path through the gateway against the bare server sending the same bytes, same load. */
export async function versusBare(title, url, headers) {
  const sent = await answerAsSent(url, headers);
  if (sent.status !== 200) throw new Error(`${title}: ${sent.status} ${sent.body}`);
  const bareServed = await bareServer(sent);
  try {
    await load('warm-up', { url, headers, duration: WARM_UP_SECONDS });
    const gateway = await load(title, { url, headers });
    const bare = await load('bare node:http', { url: bareServed.url, headers });
    return {
      title,
      bytes: sent.body.length,
      encoding: sent.headers['content-encoding'] ?? 'none',
      gateway,
      bare,
      ratio: gateway.rps / bare.rps,
    };
  } finally {
    await bareServed.close();
  }
}
