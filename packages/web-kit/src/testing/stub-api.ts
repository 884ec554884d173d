/**
 * Test helper: answers the app's calls to `/api/...` at the browser boundary (`fetch`), so everything above it —
 * RTK Query, the screens, the toasts — runs for real. Each route is 'METHOD /api/path'; unknown routes answer 404,
 * and `GET /api/auth/user` answers 401 (a visitor) unless a route says otherwise.
 */
export interface StubRequest {
  method: string;
  path: string;
  body: unknown;
}

export type StubReply =
  { status?: number; body?: unknown; statusText?: string; text?: string } | 'network-error';
export type StubRoute = StubReply | ((request: StubRequest) => StubReply | Promise<StubReply>);

const visitor: StubReply = { status: 401, body: { message: 'Not authenticated' } };

export function stubApi(routes: Record<string, StubRoute> = {}) {
  // jsdom has no layout, so it cannot scroll; the layout scrolls on every navigation.
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const requests: StubRequest[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = String(input);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const request = { method, path, body };
    requests.push(request);
    const route =
      routes[`${method} ${path}`] ??
      (method === 'GET' && path === '/api/auth/user'
        ? visitor
        : { status: 404, body: { message: 'Not found' } });
    const reply = typeof route === 'function' ? await route(request) : route;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    const payload = status === 204 ? null : (reply.text ?? JSON.stringify(reply.body ?? {}));
    return new Response(payload, {
      status,
      statusText: reply.statusText ?? '',
      headers: { 'Content-Type': reply.text === undefined ? 'application/json' : 'text/html' },
    });
  });
  return {
    spy,
    requests,
    /** the requests made to one route, e.g. `sent('POST /api/auth/login')` */
    sent: (route: string) => requests.filter((r) => `${r.method} ${r.path}` === route),
  };
}

/** A signed-in student as GET /api/auth/user answers it. */
export function studentUser(status = 'none', overrides: Record<string, unknown> = {}) {
  return {
    id: '7f1c1a52-6a3e-4b43-9d53-0d0f2a9e1a11',
    email: 'sara@example.com',
    firstName: 'Sara',
    lastName: 'Al Mansoori',
    role: 'student' as const,
    phone: '+971501234567',
    emailMarketing: true,
    whatsappMarketing: true,
    verification: { status, studentEmail: null, verifiedAt: null },
    ...overrides,
  };
}
