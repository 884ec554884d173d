import { z } from 'zod';
import { resolveBrandAppBody, resolvedBrandAppAnswer } from '../connect/checkout.js';
import { personalDataBody } from '../identity/personal-data.js';
import { resolvedSessionAnswer, resolveSessionBody, verificationReceiptBody } from '../sessions/internal.js';
import { userAnswer } from './answers.js';
import { trackingBatch, trackingBatchAnswer } from '../offers/tracking-batches.js';
import { routeGroup, type ApiRoute } from './route.js';

/*
 * The calls between the gateway and the services, declared as the public API's routes are: the service binds its
 * handler to the declaration (`bindRoute`) and the caller builds the path from it (`pathOf`). They are in no group of
 * `apiGroups`, so the API reference never shows them and the gateway never routes them from outside. Each service
 * that answers such calls has its own group here.
 */

/**
 * Every service's own probes on its port (the orchestrator's and the gateway's readiness check): alive, and ready
 * with what it depends on (the gateway's are `gatewayOwn`'s, under `/api`).
 */
export const serviceProbes = {
  liveness: {
    method: 'get',
    path: '/healthz',
    summary: 'Liveness: the service process answers',
    access: 'anyone',
    answer: z.looseObject({ status: z.string() }),
  },
  readiness: {
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: PostgreSQL, Redis and what else the service needs answer',
    access: 'anyone',
    answer: z.looseObject({ status: z.string() }),
    refusals: [503],
  },
} as const satisfies Record<string, ApiRoute>;

/** A service's part of an export: its data, and (identity, verification) the addresses the person proved there (T23). */
export const personalDataPart = z.object({ emails: z.array(z.string()).optional(), data: z.unknown() });

/**
 * `POST /internal/personal-data`: the gateway asks each service for its part of a student's data export (decision
 * 009) with the caller's own signed identity. The student themself may have it, and so may an admin on the student's
 * request: the service binds it with `guard: requireRole('student', 'admin')` and refuses another student's data.
 */
const personalDataRoute = <B extends z.ZodObject>(service: string, body: B) =>
  ({
    method: 'post',
    path: '/internal/personal-data',
    summary: `${service}'s part of a student's data export`,
    access: 'signedIn',
    body,
    answer: personalDataPart,
  }) as const;

/** What notifications reaches a person's mail and messages by (T23): their account, and the addresses they proved. */
const notificationsPersonalDataBody = personalDataBody.extend({
  emails: z.array(z.email('Not a valid e-mail address')).max(50, 'At most 50 addresses'),
});

/** Verification's calls from the gateway. */
export const verificationInternal = routeGroup({
  owner: 'verification',
  tag: 'Internal: verification',
  description: "Verification's calls from the gateway",
  routes: {
    personalData: personalDataRoute('Verification', personalDataBody),
  },
});

/** Notifications' calls from the gateway. */
export const notificationsInternal = routeGroup({
  owner: 'notifications',
  tag: 'Internal: notifications',
  description: "Notifications' calls from the gateway",
  routes: {
    personalData: personalDataRoute('Notifications', notificationsPersonalDataBody),
  },
});

/** Offers' calls from the gateway: its part of a data export (its tracking batches go to `TRACKING_BATCH_PATH`). */
export const offersInternal = routeGroup({
  owner: 'offers',
  tag: 'Internal: offers',
  description: "Offers' calls from the gateway",
  routes: {
    personalData: personalDataRoute('Offers', personalDataBody),
  },
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
     * The gateway authenticates a brand's server here (issue 30), signed as a visitor: the app whose client id and
     * secret its `Authorization: Basic` header carried. A wrong secret, or an unknown or revoked app, is a 401.
     */
    resolveBrandApp: {
      method: 'post',
      path: '/internal/brand-apps/resolve',
      summary: "Resolve a brand app's credentials to the app",
      access: 'anyone',
      body: resolveBrandAppBody,
      answer: resolvedBrandAppAnswer,
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

/**
 * Offers' tracking calls from the gateway, in batches (decision 006): each call of a batch names its route and its
 * parameters (`trackingCall`) and is answered as it would have been alone, in order. The batch is signed as the
 * gateway itself, nobody's session; each call carries its caller's signed identity.
 */
export const offersTracking = routeGroup({
  owner: 'offers',
  tag: 'Internal: tracking batches',
  description: "The gateway's batches of tracking calls (decision 006)",
  routes: {
    batch: {
      method: 'post',
      path: '/internal/tracking-batches',
      summary: 'Tracking calls, each answered as it would have been alone',
      access: 'anyone',
      body: trackingBatch,
      answer: trackingBatchAnswer,
    },
  },
});
