// The hostile requests of `npm run fuzz`, one kind of hostility each, drawn from the seeded generator of the request
// (scripts/fuzz/random.mjs). A request is `{ kind, method, target, headers: [name, value][], body }`: the target and
// the header values are binary (latin1) strings, so they may hold any byte; `body` is a Buffer or null; `raw`, when
// set, is sent as it is instead (HTTP the server must refuse itself).
import { CONTENT_TYPES, fill, hostileJson, junk, query, randomUUIDOf, segment } from './junk.mjs';
import { JSON_ROUTES, ODD_METHODS, READ_ROUTES, TRACKING, UPLOAD_ROUTES } from './routes.mjs';

const ipOf = (r) => `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`;

/** The headers every request starts with: a browser on the site, an address of its own, a caller. */
function baseHeaders(r, ctx, method) {
  const headers = [['X-Forwarded-For', ipOf(r)]];
  if (method !== 'GET' && method !== 'HEAD') headers.push(['Origin', ctx.origin]);
  // staff only read: a hostile write as staff could pause the offer the good tracking calls count on
  const caller = r.weighted([
    [null, 4],
    [ctx.cookies.student, 3],
    [method === 'GET' ? ctx.cookies.staff : null, 2],
  ]);
  if (caller) headers.push(['Cookie', caller]);
  return headers;
}

const body = (text) => Buffer.from(text, 'latin1');

/** A tracking call, good or hostile in any of the ways one can be (T28), among the good ones. */
function trackingCall(r, ctx) {
  const route = r.pick(TRACKING);
  const good = r.chance(0.35);
  const headers = baseHeaders(r, ctx, 'POST');
  if (good) {
    const target = route.replace(':id', ctx.offerId);
    const analytics = { eventType: r.pick(['offer_click', 'link_copy']), offerId: ctx.offerId };
    headers.push(['Content-Type', 'application/json']);
    return {
      kind: 'tracking (good)',
      method: 'POST',
      target,
      headers,
      body: body(JSON.stringify(route.endsWith('analytics') ? analytics : {})),
    };
  }
  const target = fill(r, ctx, route) + (r.chance(0.2) ? query(r) : '');
  const text = r.weighted([
    [() => '{}', 2],
    [() => r.bytes(r.int(1, 1024), 0, 31), 3],
    [() => '"'.repeat(r.int(500, 1024)), 1],
    [() => JSON.stringify({ s: '\\'.repeat(r.int(100, 500)) }), 1],
    [() => r.bytes(r.int(1, 1024), 128, 255), 2],
    [() => '['.repeat(r.int(100, 1024)), 1],
    [() => '['.repeat(500) + ']'.repeat(500), 1],
    [() => junk(r, 1100), 2],
    [() => JSON.stringify({ eventType: 'offer_click', offerId: junk(r, 400), metadata: junk(r, 600) }), 2],
    [() => 'x'.repeat(r.int(1025, 5000)), 1],
    [() => '', 1],
  ])();
  headers.push(['Content-Type', r.chance(0.8) ? 'application/json' : r.pick(CONTENT_TYPES)]);
  if (r.chance(0.2))
    headers.push(['x-request-id', r.chance(0.5) ? 'r'.repeat(r.int(65, 5000)) : junk(r, 200)]);
  if (r.chance(0.1))
    headers.push(['Sec-Fetch-Site', r.pick(['cross-site', 'same-site', 'none', junk(r, 20)])]);
  if (r.chance(0.1)) headers.push(['Cookie', `sid=${junk(r, 300).replace(/[;\r\n]/g, '')}`]);
  return { kind: 'tracking (hostile)', method: 'POST', target, headers, body: body(text) };
}

/** A path or query string that no route expects. */
function hostilePath(r, ctx) {
  const method = r.pick(['GET', 'GET', 'HEAD']);
  const route = r.chance(0.7)
    ? fill(r, ctx, r.pick(READ_ROUTES))
    : `/api/${segment(r, ctx)}/${segment(r, ctx)}`;
  const mangled = r.weighted([
    [route, 4],
    [route.replace(/\//g, () => r.pick(['/', '//', '/./', '/../', '/%2e%2e/', '\\'])), 2],
    [`${route}/${'x/'.repeat(r.int(10, 2000))}`, 1],
    [`${route}${r.bytes(r.int(1, 50), 128, 255)}`, 1],
  ]);
  return {
    kind: 'path and query',
    method,
    target: mangled + query(r),
    headers: baseHeaders(r, ctx, method),
    body: null,
  };
}

/** A JSON body a route must refuse, on a route that reads JSON. */
function jsonBody(r, ctx) {
  const [method, route] = r.pick(JSON_ROUTES);
  const headers = baseHeaders(r, ctx, method);
  headers.push(['Content-Type', r.chance(0.85) ? 'application/json' : r.pick(CONTENT_TYPES)]);
  return { kind: 'JSON body', method, target: fill(r, ctx, route), headers, body: body(hostileJson(r)) };
}

/** A body in a form the route does not take: another type, a broken form, a compressed body that is not. */
function contentType(r, ctx) {
  const upload = r.chance(0.5);
  const [method, route] = upload ? ['POST', r.pick(UPLOAD_ROUTES)] : r.pick(JSON_ROUTES);
  const headers = baseHeaders(r, ctx, method);
  const boundary = r.pick(['xyz', '', 'a'.repeat(200), '"q"', junk(r, 30).replace(/[\r\n]/g, '')]);
  headers.push([
    'Content-Type',
    r.chance(0.6) ? `multipart/form-data; boundary=${boundary}` : r.pick(CONTENT_TYPES),
  ]);
  if (r.chance(0.15))
    headers.push(['Content-Encoding', r.pick(['gzip', 'br', 'deflate', 'identity, gzip', 'zstd', 'x'])]);
  const text = r.weighted([
    [
      `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${junk(r, 300).replace(/[\r\n"]/g, '')}"\r\nContent-Type: image/png\r\n\r\n${junk(r, 3000)}\r\n--${boundary}--\r\n`,
      3,
    ],
    [`--${boundary}\r\nContent-Disposition: form-data; name="${'n'.repeat(r.int(1, 5000))}"\r\n\r\nv\r\n`, 1],
    [`--${boundary}\r\n${'X-H: v\r\n'.repeat(r.int(1, 3000))}\r\n\r\n--${boundary}--`, 1],
    [Array.from({ length: r.int(1, 3000) }, (_, i) => `a[${i % 5}][b][c]=${i}`).join('&'), 1],
    [junk(r, 20000), 2],
  ]);
  return { kind: 'content type', method, target: fill(r, ctx, route), headers, body: body(text) };
}

/** A method no route of that path takes. */
function oddMethod(r, ctx) {
  const method = r.pick(ODD_METHODS);
  const route = fill(r, ctx, r.pick([...READ_ROUTES, ...TRACKING, ...JSON_ROUTES.map(([, path]) => path)]));
  const headers = baseHeaders(r, ctx, method);
  let payload = null;
  if (r.chance(0.5)) {
    headers.push(['Content-Type', 'application/json']);
    payload = body(r.chance(0.5) ? '{}' : hostileJson(r));
  }
  return { kind: 'method', method, target: route + query(r), headers, body: payload };
}

/** Headers and cookies no browser sends: overlong, many, malformed. */
function hostileHeaders(r, ctx) {
  const method = r.pick(['GET', 'POST']);
  const route = method === 'GET' ? fill(r, ctx, r.pick(READ_ROUTES)) : fill(r, ctx, r.pick(TRACKING));
  const headers = baseHeaders(r, ctx, method);
  const value = (max) => junk(r, max).replace(/[\r\n\0]/g, '');
  const added = r.weighted([
    [() => [['Cookie', `sid=${'s'.repeat(r.int(100, 15000))}`]], 2],
    [
      () => [
        [
          'Cookie',
          Array.from({ length: r.int(10, 800) }, (_, i) => `c${i}=${'v'.repeat(i % 30)}`).join('; '),
        ],
      ],
      2,
    ],
    [() => [['Cookie', `sid=${value(200)}; sid=${randomUUIDOf(r)}; __Host-sid=x`]], 2],
    [() => [['x-request-id', value(4000)]], 1],
    [
      () => [
        [
          'X-Forwarded-For',
          r.pick(['garbage', '::1, ::1, 999.1.1.1', value(500), Array(300).fill('1.2.3.4').join(', ')]),
        ],
      ],
      2,
    ],
    [
      () => [
        ['Accept-Encoding', r.pick(['*;q=1e9', 'br;q=-1, gzip;q=NaN', value(300), 'gzip, '.repeat(500)])],
      ],
      1,
    ],
    [() => [['Accept-Language', r.pick(['ar-AE;q=2', '*', value(300), 'en;q=0.'.repeat(300)])]], 1],
    [() => [['If-None-Match', r.pick(['*', 'W/"x"'.repeat(500), value(300)])]], 1],
    [
      () => [
        ['Range', r.pick(['bytes=0-0,0-0,0-0', 'bytes=-99999999999', 'bytes=5-1', value(100), 'pages=1'])],
      ],
      1,
    ],
    [() => [['Host', r.pick(['', 'evil.example', 'localhost:8080:80', value(100), '[::1'])]], 1],
    [() => [['Origin', r.pick(['null', 'http://evil.example', value(200), 'http://localhost:8080/'])]], 1],
    [() => Array.from({ length: r.int(50, 300) }, (_, i) => [`X-Junk-${i}`, value(60)]), 1],
    [() => [['X-Big', 'b'.repeat(r.int(8000, 20000))]], 1],
    [() => [['Authorization', `Bearer ${value(2000)}`]], 1],
  ])();
  // later headers of the same name win where a browser sends one: replace the base one
  const names = new Set(added.map(([name]) => name.toLowerCase()));
  const kept = headers.filter(([name]) => !names.has(name.toLowerCase()));
  const payload = method === 'POST' ? body('{}') : null;
  if (payload) kept.push(['Content-Type', 'application/json']);
  return { kind: 'headers and cookies', method, target: route, headers: [...kept, ...added], body: payload };
}

/** HTTP the server must refuse itself (Node's parser answers 400 and closes). */
function brokenHttp(r, ctx) {
  const target = fill(r, ctx, r.pick(TRACKING));
  const raw = r.pick([
    `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
    `POST ${target} HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n0\r\n\r\n`,
    `POST ${target} HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
    `GET ${target} HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n`,
    `GET ${target} HTTP/1.1\r\nHost: localhost\r\nX: a\0b\r\n\r\n`,
    `GET ${target} HTTP/9.9\r\nHost: localhost\r\n\r\n`,
    `GET ${target}\r\n\r\n`,
    `G\0T / HTTP/1.1\r\n\r\n`,
    `POST ${target} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ctx.origin}\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n1\r\n{\r\n1\r\n}\r\n0\r\n\r\n`,
  ]);
  return {
    kind: 'broken HTTP',
    method: raw.split(' ')[0],
    target,
    headers: [],
    body: null,
    raw: body(`${raw}`),
  };
}

const KINDS = [
  [trackingCall, 35],
  [hostilePath, 15],
  [jsonBody, 18],
  [contentType, 10],
  [oddMethod, 8],
  [hostileHeaders, 11],
  [brokenHttp, 3],
];

/**
 * The hostile request drawn from `r` for a stack whose `ctx` is `{ origin, offerId, cookies: { student, staff } }`
 * (a live offer, and the cookies of a signed-in student and of staff).
 */
export function hostileRequest(r, ctx) {
  return r.weighted(KINDS)(r, ctx);
}
