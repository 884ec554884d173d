// Sends one of the fuzz's requests as the bytes it is, on a connection of its own (Node's HTTP clients refuse to
// send most of them), and reads the answer's status.
import { connect } from 'node:net';

/** How long an answer may take: the gateway answers 504 at 30 s itself. */
const ANSWER_TIMEOUT_MS = 35_000;

/** The bytes of `request`: its own `raw` ones, or its request line, headers (Host and Content-Length added) and body. */
export function bytesOf(request, host) {
  if (request.raw) return request.raw;
  const headers = [...request.headers];
  const named = (name) => headers.some(([given]) => given.toLowerCase() === name);
  if (!named('host')) headers.unshift(['Host', host]);
  if (request.body && !named('transfer-encoding'))
    headers.push(['Content-Length', String(request.body.length)]);
  headers.push(['Connection', 'close']);
  const head = `${request.method} ${request.target} HTTP/1.1\r\n${headers
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), request.body ?? Buffer.alloc(0)]);
}

/**
 * Sends `request` to `port` on 127.0.0.1; resolves to the answer's status (a number), or to why there was none
 * (`'no answer: ECONNRESET'`, `'no answer in 35 s'`).
 */
export function send(port, request) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let received = Buffer.alloc(0);
    let failure = null;
    const done = () => {
      clearTimeout(timer);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received.toString('latin1', 0, 16));
      resolve(status ? Number(status[1]) : (failure ?? 'no answer: closed'));
    };
    const timer = setTimeout(() => {
      failure = `no answer in ${ANSWER_TIMEOUT_MS / 1000} s`;
      socket.destroy();
    }, ANSWER_TIMEOUT_MS);
    socket.on('data', (chunk) => {
      // the status line is all that is read
      if (received.length < 16) received = Buffer.concat([received, chunk]);
    });
    // the server may answer and close before the whole request was written (a 413, a 431): the answer counts
    socket.on('error', (err) => (failure ??= `no answer: ${err.code ?? err.message}`));
    socket.on('close', done);
    // written, not ended: a client that half-closes has its pending answers dropped by Node's server
    socket.write(bytesOf(request, `localhost:${port}`));
  });
}
