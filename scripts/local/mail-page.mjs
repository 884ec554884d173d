// The page on 127.0.0.1:8025 that lists the mail caught by the local SMTP catcher (newest first).
import { createServer } from 'node:http';
import { URL } from 'node:url';

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

function renderMessage(mail) {
  return `<article>
  <header><time datetime="${escapeHtml(mail.date.toISOString())}">${escapeHtml(mail.date.toLocaleString())}</time>
  to <strong>${escapeHtml(mail.to.join(', '))}</strong></header>
  <h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
  <pre>${escapeHtml(mail.text)}</pre>
</article>`;
}

export function renderMailPage(messages) {
  const newestFirst = [...messages].reverse();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="3">
<title>Tullab mail (${messages.length})</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
  article { border: 1px solid #ddd; border-radius: 6px; padding: 0.75rem 1rem; margin-bottom: 1rem; }
  header { color: #555; font-size: 0.9rem; }
  h2 { font-size: 1.1rem; margin: 0.4rem 0; }
  pre { white-space: pre-wrap; word-break: break-word; margin: 0; font-size: 0.9rem; }
</style>
</head>
<body>
<h1>Mail caught by <code>npm start</code></h1>
<p>${messages.length ? `${messages.length} message(s), newest first. JSON: <a href="/messages">/messages</a>.` : 'No mail yet. This page refreshes itself.'}</p>
${newestFirst.map(renderMessage).join('\n')}
</body>
</html>`;
}

/**
 * Serves `/` (the page) and `/messages` (JSON, newest first) for the catcher's messages; `/messages?to=<address>` only
 * those delivered to that address.
 */
export function startMailPage(catcher, { host, port }) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mail');
    const path = url.pathname;
    if (req.method !== 'GET') return void res.writeHead(405, { Allow: 'GET' }).end();
    if (path === '/messages') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      const to = url.searchParams.get('to')?.toLowerCase();
      const messages = to ? catcher.messages.filter((mail) => mail.to.includes(to)) : catcher.messages;
      return void res.end(JSON.stringify([...messages].reverse()));
    }
    if (path === '/') {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
      return void res.end(renderMailPage(catcher.messages));
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        url: `http://${host}:${port}`,
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
