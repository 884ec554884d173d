// Hostile pieces the fuzz's requests are made of: text, path segments, query strings, JSON bodies, content types.

/** Some hostile text: long, control characters, quotes and backslashes, invalid UTF-8, lone surrogates, nothing. */
export function junk(r, max = 2000) {
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
export function segment(r, ctx) {
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
export const randomUUIDOf = (r) =>
  [8, 4, 4, 4, 12].map((n) => Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('')).join('-');

export const fill = (r, ctx, route) => route.replace(':id', () => segment(r, ctx));

/** A query string that no list of ours expects. */
export function query(r) {
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
export function hostileJson(r) {
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

export const CONTENT_TYPES = [
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
