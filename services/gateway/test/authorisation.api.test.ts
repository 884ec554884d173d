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

/**
 * SECURITY S30, the authorisation matrix: every route of the gateway's routing table and of the services behind it,
 * called by each kind of caller on the real stack, answers what the route's rule says. A caller the rule lets in
 * gets the route's own answer, and a call that would change something carries a body that is harmlessly invalid
 * (400) or names nothing (404), so nothing changes and the answer still proves the caller got past the rule.
 *
 * The rows are checked against the routing table (a pattern without a row fails) and against the routes each
 * service's Express app lists (a route without a row fails, and so does a row naming no route).
 */

const CALLERS = ['visitor', 'student', 'active', 'staff', 'admin', 'merchant'] as const;
/**
 * a visitor; a student who only signed up (verification `none`); an `active` student; a staff member; an admin; a
 * partner brand's merchant (decision 016)
 */
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Row {
  method: Method;
  /** the path under /api as the route declares it; `:id` is called with NONE */
  path: string;
  expect: Expected;
  /** what a non-GET call sends; `{}` (missing every required field) unless said */
  body?: object;
  /** ends the caller's session, so it runs after every other row */
  last?: boolean;
}

/** an id of the right shape that names nothing */
const NONE = '00000000-0000-4000-8000-000000000000';
/** a valid name pair, and an e-mail that is nobody's own */
const names = { firstName: 'Layla', lastName: 'Hassan' };
const OTHER_EMAIL = 'someone-else@example.com';

/** The rules, as the status each caller gets; `ok` is what the route answers a caller it lets in. */
const anyone = (ok: number): Expected => ({
  visitor: ok,
  student: ok,
  active: ok,
  staff: ok,
  admin: ok,
  merchant: ok,
});
const signedIn = (ok: number): Expected => ({ ...anyone(ok), visitor: 401 });
const staffOnly = (ok: number): Expected => ({ ...signedIn(ok), student: 403, active: 403, merchant: 403 });
const adminOnly = (ok: number): Expected => ({ ...staffOnly(ok), staff: 403 });
const studentOnly = (ok: number): Expected => ({ ...signedIn(ok), staff: 403, admin: 403, merchant: 403 });
const activeStudentOnly = (ok: number): Expected => ({ ...staffOnly(403), active: ok });
/** a partner brand's routes: every other signed-in caller 403 (decision 016) */
const merchantOnly = (ok: number): Expected => ({ ...signedIn(403), merchant: ok });

const rows: Row[] = [
  // identity: sign-in and its steps are open to everyone; the step routes need their step cookie
  { method: 'POST', path: '/auth/register', expect: anyone(400) },
  { method: 'POST', path: '/auth/login', expect: anyone(400) },
  { method: 'POST', path: '/auth/logout', expect: anyone(204), last: true },
  { method: 'GET', path: '/auth/user', expect: signedIn(200) },
  // issue 12: anyone signed in keeps their language (staff too, though their mails stay English)
  { method: 'PUT', path: '/auth/user/language', expect: signedIn(400) },
  { method: 'POST', path: '/auth/mfa/enrollment', expect: anyone(401) },
  { method: 'POST', path: '/auth/mfa/verify', expect: anyone(400) },
  { method: 'POST', path: '/auth/forgot-password', expect: anyone(400) },
  { method: 'POST', path: '/auth/verify-reset-otp', expect: anyone(400) },
  { method: 'POST', path: '/auth/reset-password', expect: anyone(400) },
  { method: 'POST', path: '/auth/accept-invitation/enrollment', expect: anyone(400) },
  { method: 'POST', path: '/auth/accept-invitation', expect: anyone(400) },
  // decision 016: a merchant's invitation link makes the account (T24); colleagues are invited by a merchant of the brand
  { method: 'POST', path: '/auth/accept-merchant-invitation', expect: anyone(400) },
  { method: 'GET', path: '/merchant/colleagues', expect: merchantOnly(200) },
  { method: 'GET', path: '/merchant/invitations', expect: merchantOnly(200) },
  { method: 'POST', path: '/merchant/invitations', expect: merchantOnly(400) },
  { method: 'POST', path: '/merchant/invitations/:id/resend', expect: merchantOnly(404) },
  { method: 'POST', path: '/merchant/invitations/:id/revoke', expect: merchantOnly(404) },
  // a profile is a student's: the role is checked after the body, so the body is valid but names another e-mail
  { method: 'GET', path: '/students/profile', expect: studentOnly(404) },
  {
    method: 'POST',
    path: '/students/profile',
    expect: studentOnly(400),
    body: { ...names, email: OTHER_EMAIL },
  },
  { method: 'PATCH', path: '/students/profile', expect: studentOnly(400), body: { email: OTHER_EMAIL } },
  // staff and admins change their own password here too
  { method: 'POST', path: '/students/change-password', expect: signedIn(400) },
  // decision 009: a student deletes their own account with their password; an admin deletes one on request
  { method: 'POST', path: '/students/delete-account', expect: studentOnly(400) },
  { method: 'GET', path: '/admin/students', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/students/:id', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/students/:id/disable', expect: staffOnly(400), body: { reason: 1 } },
  { method: 'POST', path: '/admin/students/:id/enable', expect: staffOnly(400), body: { reason: 1 } },
  { method: 'POST', path: '/admin/students/:id/end-sessions', expect: staffOnly(400), body: { reason: 1 } },
  { method: 'POST', path: '/admin/students/:id/delete', expect: adminOnly(400), body: { reason: 1 } },
  { method: 'GET', path: '/admin/staff', expect: adminOnly(200) },
  { method: 'POST', path: '/admin/staff', expect: adminOnly(400) },
  { method: 'GET', path: '/admin/staff/:id', expect: adminOnly(404) },
  { method: 'PUT', path: '/admin/staff/:id', expect: adminOnly(400) },
  { method: 'POST', path: '/admin/staff/:id/disable', expect: adminOnly(400), body: { reason: 1 } },
  { method: 'POST', path: '/admin/staff/:id/enable', expect: adminOnly(400), body: { reason: 1 } },
  { method: 'GET', path: '/admin/identity-audit-log', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/identity-audit-log/:id', expect: staffOnly(404) },
  // identity's calls from the gateway and from verification only: not routed
  { method: 'POST', path: '/internal/sessions/resolve', expect: anyone(404) },
  { method: 'POST', path: '/internal/verification-receipts', expect: anyone(404) },
  // each service's part of a data export, asked for by the gateway only (decision 009): not routed
  { method: 'POST', path: '/internal/personal-data', expect: anyone(404) },

  // verification: anyone signed in reads their status; only students take the steps (T16); an upload is judged before
  // its body is read, so an active student's is a 409 (already verified) where others' bodies are 400
  { method: 'GET', path: '/students/verify', expect: signedIn(200) },
  { method: 'POST', path: '/students/verify', expect: studentOnly(400) },
  { method: 'POST', path: '/students/verify-otp', expect: studentOnly(400) },
  { method: 'POST', path: '/students/verify-document', expect: { ...studentOnly(400), active: 409 } },
  { method: 'GET', path: '/admin/verifications', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/verifications/summary', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/verifications/:id', expect: staffOnly(404) },
  { method: 'GET', path: '/admin/verifications/:id/document', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/verifications/:id/approve', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/verifications/:id/reject', expect: staffOnly(400) },
  { method: 'GET', path: '/admin/institutions', expect: staffOnly(200) },
  { method: 'POST', path: '/admin/institutions', expect: staffOnly(400) },
  { method: 'GET', path: '/admin/institutions/:id', expect: staffOnly(404) },
  { method: 'PUT', path: '/admin/institutions/:id', expect: staffOnly(400) },
  { method: 'DELETE', path: '/admin/institutions/:id', expect: staffOnly(404) },
  { method: 'GET', path: '/admin/audit-log', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/audit-log/:id', expect: staffOnly(404) },
  // retention (issue 11 pt 5): staff read a policy and run it now; nothing is due on this stack, so a run removes nothing
  { method: 'GET', path: '/admin/retention/documents', expect: staffOnly(200) },
  { method: 'POST', path: '/admin/retention/documents/run', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/retention/orphaned-files', expect: staffOnly(200) },
  { method: 'POST', path: '/admin/retention/orphaned-files/run', expect: staffOnly(200) },

  // offers: the catalogue and tracking are open to everyone, redemption to active students only
  { method: 'GET', path: '/offers', expect: anyone(200) },
  { method: 'GET', path: '/offers/:id', expect: anyone(404) },
  { method: 'GET', path: '/offers/:id/logo', expect: anyone(404) },
  { method: 'POST', path: '/offers/:id/redeem', expect: activeStudentOnly(404) },
  { method: 'POST', path: '/offers/:id/copy', expect: anyone(404) },
  { method: 'POST', path: '/offers/:id/referral-click', expect: anyone(404) },
  { method: 'POST', path: '/analytics', expect: anyone(400) },
  { method: 'POST', path: '/merchant-applications', expect: anyone(400) },
  { method: 'GET', path: '/admin/offers', expect: staffOnly(200) },
  { method: 'POST', path: '/admin/offers', expect: staffOnly(400) },
  { method: 'GET', path: '/admin/offers/:id', expect: staffOnly(404) },
  { method: 'PUT', path: '/admin/offers/:id', expect: staffOnly(400) },
  { method: 'DELETE', path: '/admin/offers/:id', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/offers/:id/pause', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/offers/:id/resume', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/offers/:id/logo', expect: staffOnly(400) },
  { method: 'POST', path: '/admin/offers/:id/codes', expect: staffOnly(400) },
  { method: 'GET', path: '/admin/offers/:id/stats', expect: staffOnly(404) },
  { method: 'GET', path: '/admin/merchant-applications', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/merchant-applications/:id', expect: staffOnly(404) },
  { method: 'GET', path: '/admin/merchant-applications/:id/logo', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/merchant-applications/:id/approve', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/merchant-applications/:id/reject', expect: staffOnly(400) },
  { method: 'GET', path: '/admin/offer-audit-log', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/offer-audit-log/:id', expect: staffOnly(404) },
  { method: 'GET', path: '/admin/redemptions', expect: staffOnly(200) },
  // issue 13 point 2 (decision 013): a student's own codes, whatever their verification
  { method: 'GET', path: '/students/me/codes', expect: studentOnly(200) },
  // issue 13 point 4: a student reports a code they revealed (whatever their verification); staff decide
  { method: 'POST', path: '/offers/:id/reports', expect: studentOnly(400) },
  { method: 'GET', path: '/admin/code-reports', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/code-reports/summary', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/code-reports/:id', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/code-reports/:id/decision', expect: staffOnly(400) },
  // issue 13 point 3 (decision 014): a student's saved offers, whatever their verification; NONE is no listed offer
  { method: 'PUT', path: '/offers/:id/save', expect: studentOnly(404) },
  { method: 'DELETE', path: '/offers/:id/save', expect: studentOnly(204) },
  { method: 'GET', path: '/students/me/saved', expect: studentOnly(200) },
  // issue 16 (decision 016): a brand's portal; NONE is none of the brand's offers, reports or proposals
  { method: 'GET', path: '/merchant/brand', expect: merchantOnly(200) },
  { method: 'GET', path: '/merchant/offers', expect: merchantOnly(200) },
  { method: 'GET', path: '/merchant/offers/:id', expect: merchantOnly(404) },
  { method: 'POST', path: '/merchant/offers/:id/pause', expect: merchantOnly(404) },
  // a pool is a CSV file: a call without one is refused before its offer is looked for
  { method: 'POST', path: '/merchant/offers/:id/pool/preview', expect: merchantOnly(400) },
  { method: 'POST', path: '/merchant/offers/:id/pool', expect: merchantOnly(400) },
  { method: 'GET', path: '/merchant/funnel', expect: merchantOnly(200) },
  { method: 'GET', path: '/merchant/funnel.csv', expect: merchantOnly(200) },
  { method: 'GET', path: '/merchant/institutions', expect: merchantOnly(200) },
  { method: 'GET', path: '/merchant/code-reports', expect: merchantOnly(200) },
  { method: 'POST', path: '/merchant/code-reports/:id/answer', expect: merchantOnly(400) },
  { method: 'GET', path: '/merchant/offer-proposals', expect: merchantOnly(200) },
  { method: 'POST', path: '/merchant/offer-proposals', expect: merchantOnly(400) },
  { method: 'GET', path: '/merchant/offer-proposals/:id', expect: merchantOnly(404) },
  { method: 'POST', path: '/merchant/offer-proposals/:id/withdraw', expect: merchantOnly(404) },
  { method: 'GET', path: '/merchant/offer-proposals/:id/logo', expect: merchantOnly(404) },
  { method: 'GET', path: '/admin/offer-proposals', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/offer-proposals/summary', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/offer-proposals/:id', expect: staffOnly(404) },
  { method: 'GET', path: '/admin/offer-proposals/:id/logo', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/offer-proposals/:id/approve', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/offer-proposals/:id/reject', expect: staffOnly(400) },
  // the gateway's batches of tracking calls: not routed
  { method: 'POST', path: '/internal/tracking-batches', expect: anyone(404) },

  // notifications
  { method: 'POST', path: '/contact', expect: anyone(400) },
  { method: 'GET', path: '/admin/contact-messages', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/contact-messages/:id', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/contact-messages/:id/handle', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/contact-messages/:id/reopen', expect: staffOnly(404) },
  { method: 'GET', path: '/admin/retention/mail-bodies', expect: staffOnly(200) },
  { method: 'POST', path: '/admin/retention/mail-bodies/run', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/retention/contact-messages', expect: staffOnly(200) },
  { method: 'POST', path: '/admin/retention/contact-messages/run', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/emails', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/emails/:id', expect: staffOnly(404) },
  { method: 'POST', path: '/admin/emails/:id/retry', expect: staffOnly(404) },

  // the gateway's own
  { method: 'GET', path: '/healthz', expect: anyone(200) },
  { method: 'GET', path: '/readyz', expect: anyone(200) },
  { method: 'GET', path: '/admin/jobs', expect: staffOnly(200) },
  { method: 'GET', path: '/admin/jobs/summary', expect: staffOnly(200) },
  { method: 'POST', path: '/admin/jobs/:id/retry', expect: staffOnly(404) },
  // the data exports the gateway assembles (decision 009): a student's own, an admin's on request
  { method: 'GET', path: '/students/personal-data', expect: studentOnly(200) },
  { method: 'GET', path: '/admin/personal-data/:id', expect: adminOnly(404) },
];

const keyOf = (row: Pick<Row, 'method' | 'path'>) => `${row.method} ${row.path}`;

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
      (row) => findRoute(row.path.slice(1), row.method) || row.path.startsWith('/internal/'),
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
