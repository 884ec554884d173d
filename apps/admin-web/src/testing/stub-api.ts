/**
 * Test helper: answers the console's calls to `/api/...` at the browser boundary (`fetch`), so everything above it
 * (react-admin, the providers, the screens) runs for real. Routes are 'METHOD /api/path' without the query string;
 * a route may be a reply or a function of the request. Unknown routes answer 404 `{ message: 'Not found' }`.
 */
export interface StubRequest {
  method: string;
  /** the path without the query string */
  path: string;
  /** the query string's parameters, JSON ones (`filter`, `sort`, `range`) decoded */
  query: Record<string, unknown>;
  /** a JSON body decoded; a FormData body as it was sent */
  body: unknown;
  headers: Headers;
}

export interface StubReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** a binary answer (a document) instead of JSON */
  bytes?: { data: Uint8Array<ArrayBuffer>; type: string };
}

export type StubRoute = StubReply | ((request: StubRequest) => StubReply | Promise<StubReply>);

function decodeQuery(search: URLSearchParams): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [name, value] of search) {
    try {
      query[name] = JSON.parse(value);
    } catch {
      query[name] = value;
    }
  }
  return query;
}

function decodeBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function toResponse({ status = 200, body, headers = {}, bytes }: StubReply): Response {
  if (bytes) return new Response(bytes.data, { status, headers: { 'Content-Type': bytes.type, ...headers } });
  const payload = status === 204 || body === undefined ? null : JSON.stringify(body);
  return new Response(payload, { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function stubApi(routes: Record<string, StubRoute>) {
  const requests: StubRequest[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const request: StubRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: decodeQuery(url.searchParams),
      body: decodeBody(init?.body),
      headers: new Headers(init?.headers),
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.path}`] ?? {
      status: 404,
      body: { message: 'Not found' },
    };
    return toResponse(typeof route === 'function' ? await route(request) : route);
  });
  return {
    spy,
    requests,
    /** the requests made to one route, e.g. `sent('POST /api/auth/login')` */
    sent: (route: string) => requests.filter((r) => `${r.method} ${r.path}` === route),
  };
}

/** A list answer in the admin API's dialect: the page as a JSON array and `Content-Range`. */
export function listReply(
  resource: string,
  records: unknown[],
  total = records.length,
  offset = 0,
): StubReply {
  const range = records.length ? `${offset}-${offset + records.length - 1}` : '*';
  return { body: records, headers: { 'Content-Range': `${resource} ${range}/${total}` } };
}

export const staffUser = (role: 'staff' | 'admin' = 'staff') => ({
  id: '2b1f7c3e-5d6a-4f8b-9c0d-1e2f3a4b5c6d',
  email: `${role}@tullab.test`,
  firstName: 'Mariam',
  lastName: 'Haddad',
  role,
  mfaEnrolled: true,
  verification: { status: 'none', studentEmail: null, verifiedAt: null, expiresAt: null },
});
