// The hostile requests of `npm run fuzz`, one kind of hostility each, drawn from the seeded generator of the request
// (scripts/fuzz/random.mjs). A request is `{ kind, method, target, headers: [name, value][], body }`: the target and
// the header values are binary (latin1) strings, so they may hold any byte; `body` is a Buffer or null; `raw`, when
// set, is sent as it is instead (HTTP the server must refuse itself).

/** The gateway's public routes (docs/api.md) a hostile request aims at; `:id` is filled in for each request. */
const JSON_ROUTES = [
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/forgot-password'],
  ['POST', '/api/auth/verify-reset-otp'],
  ['POST', '/api/auth/reset-password'],
  ['POST', '/api/auth/mfa/verify'],
  ['POST', '/api/auth/accept-invitation'],
  ['POST', '/api/auth/accept-merchant-invitation'],
  ['PUT', '/api/auth/user/language'],
  ['POST', '/api/contact'],
  ['PATCH', '/api/students/profile'],
  ['POST', '/api/students/change-password'],
  ['POST', '/api/students/delete-account'],
  ['POST', '/api/students/verify'],
  ['POST', '/api/students/verify-otp'],
  ['POST', '/api/offers/:id/redeem'],
  ['POST', '/api/offers/:id/reports'],
  ['PUT', '/api/offers/:id/save'],
  ['POST', '/api/merchant/invitations'],
  ['POST', '/api/merchant/code-reports/:id/answer'],
  ['POST', '/api/admin/institutions'],
  ['PUT', '/api/admin/offers/:id'],
  ['POST', '/api/admin/verifications/:id/reject'],
];
const UPLOAD_ROUTES = ['/api/merchant-applications', '/api/students/verify-document', '/api/admin/offers'];
const READ_ROUTES = [
  '/api/offers',
  '/api/offers/:id',
  '/api/offers/:id/logo',
  '/api/auth/user',
  '/api/students/profile',
  '/api/students/me/codes',
  '/api/students/me/saved',
  '/api/students/personal-data',
  '/api/students/verify',
  '/api/merchant/brand',
  '/api/merchant/offers',
  '/api/merchant/funnel',
  '/api/merchant/funnel.csv',
  '/api/admin/students',
  '/api/admin/staff',
  '/api/admin/verifications',
  '/api/admin/verifications/summary',
  '/api/admin/offers',
  '/api/admin/offers/:id/stats',
  '/api/admin/redemptions',
  '/api/admin/institutions',
  '/api/admin/emails',
  '/api/admin/contact-messages',
  '/api/admin/jobs',
  '/api/admin/jobs/summary',
  '/api/admin/audit-log',
  '/api/admin/code-reports',
  '/api/healthz',
  '/api/readyz',
  '/',
  '/offers',
  '/offers/:id',
  '/robots.txt',
  '/sitemap.xml',
  '/assets/index.js',
  '/favicon.ico',
];
const TRACKING = ['/api/offers/:id/copy', '/api/offers/:id/referral-click', '/api/analytics'];
const ODD_METHODS = [
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'MKCOL',
  'PURGE',
  'SEARCH',
  'LINK',
  'UNLOCK',
  'QUERY',
  'DELETE',
  'PATCH',
  'PUT',
  'HEAD',
];

/** Some hostile text: long, control characters, quotes and backslashes, invalid UTF-8, lone surrogates, nothing. */
function junk(r, max = 2000) {
  const length = r.int(0, max);
  return r.weighted([
    [() => 'x'.repeat(length), 2],
    [() => r.bytes(length, 0, 31), 2],
    [() => '"\\'.repeat(length >> 1), 1],
    [() => r.bytes(length, 128, 255), 2],
    [() => r.bytes(length, 32, 126), 2],
    [() => Buffer.from('\ud800\udfff\u202e\u0000é'.repeat(length >> 4 || 1)).toString('latin1'), 1],
    [() => '', 1],
  ])();
}

/** A segment of a path: an id, a real offer's, or something that is not one. */
function segment(r, ctx) {
  return r.weighted([
    [() => ctx.offerId, 3],
    [() => randomUUIDOf(r), 2],
    [() => 'a'.repeat(r.int(200, 9000)), 2],
    [() => encodeURIComponent(junk(r, 300)), 2],
    [() => r.bytes(r.int(1, 300), 33, 255).replace(/[/?#%]/g, ''), 2],
    [
      () => r.pick(['..', '.', '%2e%2e', '%2F', '%5c', '%00', '%ZZ', '%', '%c0%af', '%ff%fe', '', '~', '*']),
      3,
    ],
  ])();
}

/** A UUID drawn from `r` (so that it repeats with the seed). */
const randomUUIDOf = (r) =>
  [8, 4, 4, 4, 12].map((n) => Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('')).join('-');

const fill = (r, ctx, route) => route.replace(':id', () => segment(r, ctx));

/** A query string that no list of ours expects. */
function query(r) {
  const deep = (n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  return r.weighted([
    [() => '', 2],
    [() => `?filter=${encodeURIComponent(deep(r.int(10, 3000)))}`, 2],
    [() => `?filter=${encodeURIComponent(junk(r, 500))}`, 2],
    [() => `?sort=${encodeURIComponent(r.pick(['["a","b","c"]', '[1,2]', '"x"', '[', junk(r, 200)]))}`, 1],
    [
      () => `?range=${encodeURIComponent(r.pick(['[0,1e99]', '[-5,2]', '[9,0]', '"x"', '[0,999999999]']))}`,
      1,
    ],
    [() => `?${'a[b]'.repeat(r.int(1, 500))}=1`, 1],
    [() => `?${Array.from({ length: r.int(100, 2000) }, (_, i) => `p${i % 7}=${i}`).join('&')}`, 1],
    [() => `?q=${'x'.repeat(r.int(1000, 12000))}`, 1],
    [() => `?${r.bytes(r.int(1, 400), 33, 255).replace(/[#\s]/g, '')}`, 2],
    [() => '?utm=mail&offset=-1&limit=1e9&filter={"q":"%"}', 1],
  ])();
}

/** A JSON body a route must refuse: deep, huge, wrongly typed, not JSON at all, or not UTF-8. */
function hostileJson(r) {
  const deep = (n, open, close) => open.repeat(n) + close.repeat(n);
  return r.weighted([
    [() => deep(r.int(100, 50000), '[', ']'), 2],
    [() => deep(r.int(100, 15000), '{"a":', '}').replace(/}+$/, (m) => `1${m}`), 2],
    [() => JSON.stringify({ email: 'x'.repeat(r.int(1, 90000)), password: 1 }), 1],
    [() => 'x'.repeat(r.int(100_001, 200_000)), 1],
    [() => JSON.stringify(r.pick([null, 0, -1, 1e308, 'text', [], [{}], true])), 2],
    [
      () => '{"email":' + r.pick(['1e99999', '-', '"\\ud800"', 'NaN', 'undefined', '"\\u0000"', '[]']) + '}',
      2,
    ],
    [() => '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"role":"admin"}', 1],
    [() => `{"a":1,"a":2,${'"k":"v",'.repeat(r.int(1, 5000))}"z":0}`, 1],
    [() => '\ufeff{"email":"a@b.c"}', 1],
    [() => junk(r, 5000), 3],
    [() => '{"email":"' + r.bytes(r.int(1, 200), 128, 255) + '"}', 2],
    [
      () => JSON.stringify(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, junk(r, 60)]))),
      2,
    ],
    [() => '', 1],
  ])();
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/JSON',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  '*/*',
  ';;;',
  'application/json; boundary=x; charset=',
];

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
