// A small round-robin HTTP balancer, as a load balancer or a Kubernetes Service puts in front of replicas: each
// request goes to the next ready target (readiness polled every 200 ms, as Kubernetes takes a pod out of a Service
// when its readiness probe fails); a target that refuses the connection (stopped, or closed its port) is skipped
// and the request sent to the next one. A request already sent is never sent twice: if its target dies
// mid-request the client gets 502, as from any real balancer.
import { createServer, request } from 'node:http';

const RETRYABLE = new Set(['ECONNREFUSED', 'ECONNRESET_BEFORE_SEND']);

/**
 * The answer's headers without the hop-by-hop ones (RFC 9110 §7.6.1): the replica's `Keep-Alive: timeout=…` is about
 * its connection to the balancer, not the balancer's to the client. Passed on, it told the gateway to keep an idle
 * connection longer than the balancer does (5 s), and a request sent just as the balancer closed it got a 502.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
function endToEnd(rawHeaders) {
  const kept = [];
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (!HOP_BY_HOP.has(rawHeaders[i].toLowerCase())) kept.push(rawHeaders[i], rawHeaders[i + 1]);
  return kept;
}

/** Starts a balancer on 127.0.0.1:port (0: any) over `targets` (`http://127.0.0.1:PORT`); resolves when listening. */
export async function startBalancer({ port = 0, targets, readyPath }) {
  let next = 0;
  const tally = { forwarded: 0, skipped: 0, failed: 0 };
  const ready = new Map(targets.map((target) => [target, true]));
  const probe = (target) =>
    new Promise((resolve) => {
      const req = request(`${target}${readyPath}`, { agent: false, timeout: 1000 }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
      req.on('timeout', () => req.destroy());
      req.end();
    });
  let probing = true;
  const poll = async () => {
    while (probing) {
      await Promise.all(targets.map(async (target) => ready.set(target, await probe(target))));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const polling = readyPath ? poll() : Promise.resolve();
  const pick = () => {
    const live = targets.filter((target) => ready.get(target));
    const from = live.length ? live : targets;
    return from[(next += 1) % from.length];
  };

  const forward = (req, body, res, attempt) => {
    const target = new URL(pick());
    let sent = false;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        // one connection per request: a replica closing its port is seen at connect, never mid-reuse
        agent: false,
      },
      (answer) => {
        tally.forwarded += 1;
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.rawHeaders));
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('socket', (socket) => socket.on('connect', () => (sent = true)));
    upstream.on('error', (err) => {
      const code = !sent && err.code === 'ECONNRESET' ? 'ECONNRESET_BEFORE_SEND' : err.code;
      if (!res.headersSent && RETRYABLE.has(code) && attempt < targets.length * 2) {
        tally.skipped += 1;
        setTimeout(() => forward(req, body, res, attempt + 1), attempt >= targets.length ? 100 : 0);
        return;
      }
      tally.failed += 1;
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'No replica answered' }));
    });
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, 0));
  });
  server.keepAliveTimeout = 5000;
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    tally,
    async close() {
      probing = false;
      await polling;
      await new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      });
    },
  };
}
