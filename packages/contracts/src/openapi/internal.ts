import { z } from 'zod';
import { personalDataBody } from '../identity/personal-data.js';
import { resolvedSessionAnswer, resolveSessionBody, verificationReceiptBody } from '../sessions/internal.js';
import { userAnswer } from './answers.js';
import { routeGroup } from './route.js';

/**
 * The routes the services answer only to the gateway (or to one another), under `/internal`: declared so the owner
 * binds them and the caller names them (`pathOf`) as every other route, but not in `apiGroups`. The gateway never
 * routes them from outside, and the API reference does not show them. One group per owner.
 */

/** Identity's part of a data export (decision 009): the addresses the person proved (T23), and the account's data. */
const personalDataPart = z.object({
  emails: z.array(z.string()),
  data: z.looseObject({}),
});

/** Identity's calls from the gateway: resolving a session, taking a verification receipt, its part of an export. */
export const identityInternal = routeGroup({
  owner: 'identity',
  tag: 'Internal: identity',
  description: "The gateway's calls to identity",
  routes: {
    /**
     * The gateway resolves the session cookie here (decision 001), signed as a visitor; it may keep the answer until
     * `cacheUntil` (decision 005). An unknown, ended or expired session is a 401.
     */
    resolveSession: {
      method: 'post',
      path: '/internal/sessions/resolve',
      summary: 'Resolve a session cookie to its caller',
      access: 'anyone',
      body: resolveSessionBody,
      answer: resolvedSessionAnswer,
      refusals: [401],
    },
    /**
     * The gateway hands over the receipt a service's answer carried (decision 002), signed with the caller's identity;
     * the answer is the user as `GET /auth/user` shows it, with the rotated `sid` when the session rotated.
     */
    acceptVerificationReceipt: {
      method: 'post',
      path: '/internal/verification-receipts',
      summary: "Apply verification's receipt of a decision to the caller",
      access: 'signedIn',
      body: verificationReceiptBody,
      answer: userAnswer,
    },
    /** Asked for with the caller's own identity: the student themself, or an admin on the student's request. */
    personalData: {
      method: 'post',
      path: '/internal/personal-data',
      summary: "Identity's part of a student's data export",
      access: 'signedIn',
      body: personalDataBody,
      answer: personalDataPart,
      refusals: [404],
    },
  },
});
