// The rows of the authorisation matrix (SECURITY S30, authorisation.api.test.ts): for every route, the status each
// kind of caller gets from its rule, and what a call that would change something sends.

export const CALLERS = ['visitor', 'student', 'active', 'staff', 'admin', 'merchant'] as const;
/**
 * a visitor; a student who only signed up (verification `none`); an `active` student; a staff member; an admin; a
 * partner brand's merchant (decision 016)
 */
export type Caller = (typeof CALLERS)[number];
export type Expected = Record<Caller, number>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Row {
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
export const NONE = '00000000-0000-4000-8000-000000000000';
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
/** a brand's server (issue 30): its app's credentials, never a session, so every session is 401 */
const brandAppOnly = (): Expected => anyone(401);

export const rows: Row[] = [
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
  { method: 'GET', path: '/merchant/apps', expect: merchantOnly(200) },
  { method: 'POST', path: '/merchant/apps', expect: merchantOnly(400) },
  { method: 'PUT', path: '/merchant/apps/:id', expect: merchantOnly(400) },
  { method: 'POST', path: '/merchant/apps/:id/rotate-secret', expect: merchantOnly(404) },
  { method: 'POST', path: '/merchant/apps/:id/revoke', expect: merchantOnly(404) },
  // notifications: an app's webhook (issue 30 point 5); NONE is no app of the merchant's brand
  { method: 'GET', path: '/merchant/apps/:id/webhook', expect: merchantOnly(404) },
  { method: 'PUT', path: '/merchant/apps/:id/webhook', expect: merchantOnly(400) },
  { method: 'POST', path: '/merchant/apps/:id/webhook/rotate-secret', expect: merchantOnly(404) },
  { method: 'DELETE', path: '/merchant/apps/:id/webhook', expect: merchantOnly(404) },
  { method: 'GET', path: '/merchant/apps/:id/webhook/deliveries', expect: merchantOnly(404) },
  {
    method: 'POST',
    path: '/merchant/apps/:id/webhook/deliveries/:deliveryId/resend',
    expect: merchantOnly(404),
  },
  { method: 'POST', path: '/connect/redemptions', expect: brandAppOnly() },
  { method: 'POST', path: '/connect/orders', expect: brandAppOnly() },
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
  // issue 30 (decision 019): the brands' apps a student allowed, and taking that back; NONE is no app they allowed
  { method: 'GET', path: '/students/me/connected-brands', expect: studentOnly(200) },
  { method: 'DELETE', path: '/students/me/connected-brands/:id', expect: studentOnly(404) },
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
  { method: 'POST', path: '/internal/brand-apps/resolve', expect: anyone(404) },
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
  { method: 'GET', path: '/admin/retention/webhook-deliveries', expect: staffOnly(200) },
  { method: 'POST', path: '/admin/retention/webhook-deliveries/run', expect: staffOnly(200) },
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

export const keyOf = (row: Pick<Row, 'method' | 'path'>) => `${row.method} ${row.path}`;
