import { apiRoutes, openApiDocument, openApiPathOf, routeKey } from '@tullab/contracts';
import * as identity from '@tullab/identity';
import * as notifications from '@tullab/notifications';
import * as offers from '@tullab/offers';
import * as verification from '@tullab/verification';
import { findRoute } from '../src/modules/upstreams/routes';
import { client, ORIGIN } from './helpers';
import { type Browser } from './journeys/browsers';
import { ADMIN, startStack, type Stack } from './journeys/stack';
import { signedInMerchant } from './journeys/merchants';
import { acceptInvitation, signInStaff, type StaffCredentials } from './journeys/staff';
import { signUpStudent, verifyByCode } from './journeys/students';
import {
  CALLERS,
  NONE,
  keyOf,
  rows,
  type Caller,
  type Expected,
  type Method,
  type Row,
} from './authorisation.rows';

/**
 * SECURITY S30, the authorisation matrix: every route of the gateway's routing table and of the services behind it,
 * called by each kind of caller on the real stack, answers what the route's rule says. A caller the rule lets in
 * gets the route's own answer, and a call that would change something carries a body that is harmlessly invalid
 * (400) or names nothing (404), so nothing changes and the answer still proves the caller got past the rule.
 *
 * The rows (authorisation.rows.ts) are checked against the routing table (a pattern without a row fails) and against the routes each
 * service's Express app lists (a route without a row fails, and so does a row naming no route).
 */

/** Routes no browser reaches, which the API reference leaves out, and why. */
const UNDOCUMENTED: Array<[RegExp, string]> = [
  [
    /^[A-Z]+ \/internal\//,
    'calls between the gateway and the services only: the gateway routes no /internal path',
  ],
  [
    /^GET \/metrics$/,
    "each process's Prometheus metrics, for the scraper only: the gateway never routes them",
  ],
];

/** What router 2's public `listRoutes()` gives for one layer (express 5's `app.router`). */
interface ListedRoute {
  path: string | RegExp;
  methods?: string[];
  router?: RouteLister;
}
interface RouteLister {
  listRoutes(): ListedRoute[];
}

/** Every `METHOD /path` of an Express app, mounted routers included; the HEAD that Express adds to a GET is left out. */
function routesOf(router: RouteLister, prefix = ''): string[] {
  return router.listRoutes().flatMap(({ path, methods, router: mounted }) => {
    if (typeof path !== 'string') throw new Error(`a route path that is not a string: ${String(path)}`);
    const full = path === '/' ? prefix : prefix + path;
    if (mounted) return routesOf(mounted, full);
    return (methods ?? []).filter((method) => method !== 'HEAD').map((method) => `${method} ${full}`);
  });
}

let stack: Stack;

/** Every `METHOD /path` the four services' Express apps list, built again from their running deps. */
function serviceRoutes(): Set<string> {
  const apps = [
    identity.spec.createApp(stack.services.identity.deps),
    verification.spec.createApp(stack.services.verification.deps),
    offers.spec.createApp(stack.services.offers.deps),
    notifications.createApp(stack.services.notifications.deps),
  ];
  return new Set(apps.flatMap((app) => routesOf(app.router as unknown as RouteLister)));
}
let callers: Record<Caller, Browser>;
/** `METHOD /path` → the status each caller got */
const answers = new Map<string, Partial<Expected>>();

/** A new staff member, invited by the admin, with the invitation accepted and the second factor set up. */
async function staffMember(admin: Browser): Promise<Browser> {
  const member: StaffCredentials = {
    email: `matrix-${Date.now()}@tullab.test`,
    password: 'a long reviewer passphrase 3',
  };
  const invited = await admin.post('/api/admin/staff', {
    email: member.email,
    firstName: 'Mariam',
    lastName: 'Haddad',
    role: 'staff',
    currentPassword: ADMIN.password,
  });
  if (invited.status !== 201) throw new Error(`invite answered ${invited.status}: ${invited.text}`);
  const mail = await stack.smtp.waitFor((m) => m.to.includes(member.email), 15_000);
  const token = /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
  const accepted = await acceptInvitation(stack.url, token, member);
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${accepted.text}`);
  return signInStaff(stack.url, member);
}

/** One call of a row by one caller, from its own browser (its cookies), as the app would make it. */
async function call(row: Row, caller: Caller): Promise<void> {
  const path = `/api${row.path.replaceAll(':id', NONE)}`;
  const method = row.method.toLowerCase() as Lowercase<Method>;
  const req = callers[caller].agent[method](path).set('Origin', ORIGIN);
  const res = await (row.method === 'GET' ? req : req.send(row.body ?? {}));
  answers.set(keyOf(row), { ...answers.get(keyOf(row)), [caller]: res.status });
}

/** Runs every cell of `selected` rows, `width` calls at a time. */
async function runCells(selected: Row[], width = 12): Promise<void> {
  const cells = selected.flatMap((row) => CALLERS.map((caller) => () => call(row, caller)));
  for (let i = 0; i < cells.length; i += width)
    await Promise.all(cells.slice(i, i + width).map((run) => run()));
}

beforeAll(async () => {
  stack = await startStack();
  const admin = await signInStaff(stack.url, ADMIN);
  const [student, active, staff, merchant] = await Promise.all([
    signUpStudent(client(stack.url)),
    signUpStudent(client(stack.url)).then(async (signedUp) => {
      await verifyByCode(stack, signedUp);
      return signedUp;
    }),
    staffMember(admin),
    signedInMerchant(stack, admin, 'Matrix Merchant'),
  ]);
  callers = {
    visitor: client(stack.url),
    student: student.browser,
    active: active.browser,
    staff,
    admin,
    merchant: merchant.merchant,
  };
  await runCells(rows.filter((row) => !row.last));
  await runCells(rows.filter((row) => row.last));
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('the authorisation matrix (S30)', () => {
  test.each(rows.map((row) => [keyOf(row), row] as const))('%s', (_name, row) => {
    expect(answers.get(keyOf(row))).toEqual(row.expect);
  });

  test('every declared route has a row', () => {
    const covered = new Set(rows.map(keyOf));
    expect(apiRoutes.map(routeKey).filter((route) => !covered.has(route))).toEqual([]);
  });

  test('every route of every service has a row, and every row of a service is one of its routes', () => {
    const listed = serviceRoutes();
    // /healthz, /readyz and /metrics of each service are unsigned and not routed; the gateway's own are rows
    const served = [...listed].filter((route) => !/^GET \/(healthz|readyz|metrics)$/.test(route));
    expect(served.length).toBeGreaterThan(50);
    expect(served.filter((route) => !rows.some((row) => keyOf(row) === route))).toEqual([]);
    const proxied = rows.filter(
      (row) => findRoute(`/api${row.path}`, row.method) || row.path.startsWith('/internal/'),
    );
    expect(proxied.map(keyOf).filter((route) => !listed.has(route))).toEqual([]);
  });

  test('the OpenAPI document (docs/api.md) has every route a browser reaches, and no other', () => {
    const notPublic = (route: string) => UNDOCUMENTED.some(([pattern]) => pattern.test(route));
    const reachable = new Set(
      [...serviceRoutes(), ...rows.map(keyOf)]
        .filter((route) => !notPublic(route))
        .map((route) => {
          const [method, path] = route.split(' ');
          return `${method} ${openApiPathOf(path)}`;
        }),
    );
    const { paths = {} } = openApiDocument({ version: 'test' });
    const documented = new Set(
      Object.entries(paths).flatMap(([path, item]) =>
        (['get', 'put', 'post', 'delete', 'patch'] as const)
          .filter((method) => item[method])
          .map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect(reachable.size).toBeGreaterThan(90);
    expect([...reachable].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !reachable.has(route))).toEqual([]);
  });
});
