import { Router, type Response } from 'express';
import type { z } from 'zod';
import {
  gatewayOwn,
  identityInternal,
  isErrorCode,
  notificationsInternal,
  offersInternal,
  pathOf,
  personalDataPart,
  verificationInternal,
  type ApiRoute,
} from '@tullab/contracts';
import { bindRoute, HttpError, SENT, signIdentity, type Caller } from '@tullab/http';
import type { Logger } from '@tullab/log';
import { callerGuard, callerOf, type ResolveCaller } from '../sessions/guard';
import { fromUpstreamError } from '../upstreams/errors';
import { UpstreamError, type ServiceName, type Upstreams } from '../upstreams/upstreams';

const { routes } = gatewayOwn;

/** Each service's part of an export, as the service declares it (decision 009); never routed from outside. */
const partRoutes: Record<ServiceName, Pick<ApiRoute, 'method' | 'path'>> = {
  identity: identityInternal.routes.personalData,
  verification: verificationInternal.routes.personalData,
  offers: offersInternal.routes.personalData,
  notifications: notificationsInternal.routes.personalData,
};

type Part = z.infer<typeof personalDataPart>;

export interface PersonalDataDeps {
  upstreams: Upstreams;
  internalSecret: string;
  log: Logger;
  timeoutMs: number;
  resolveCaller: ResolveCaller;
}

/** One service's part, asked for with the caller's own signed identity: the service checks who may have it. */
async function partOf(
  deps: PersonalDataDeps,
  service: ServiceName,
  caller: Caller,
  body: object,
  requestId: string,
): Promise<Part> {
  const upstream = deps.upstreams.services[service];
  const route = partRoutes[service];
  let answer;
  try {
    answer = await deps.upstreams.callJson(upstream, {
      method: route.method.toUpperCase(),
      path: pathOf(route),
      headers: { ...signIdentity(caller, deps.internalSecret, service), 'x-request-id': requestId },
      body,
      timeoutMs: deps.timeoutMs,
    });
  } catch (err) {
    if (err instanceof UpstreamError) {
      deps.log.error({ reqId: requestId, upstream: service, err: err.message }, 'export part not received');
      throw fromUpstreamError(err);
    }
    throw err;
  }
  const parsed = personalDataPart.safeParse(answer.body);
  if (answer.status === 200 && parsed.success) return parsed.data;
  const { message, code } = (answer.body ?? {}) as { message?: unknown; code?: unknown };
  if (answer.status >= 400 && answer.status < 500 && typeof message === 'string')
    throw new HttpError(answer.status, message, { code: isErrorCode(code) ? code : undefined });
  deps.log.error({ reqId: requestId, upstream: service, status: answer.status }, 'export part refused');
  throw new HttpError(502, `${upstream.label} service unavailable`);
}

/**
 * Everything Tullab holds about one student, as one JSON document (UAE PDPL access right, decision 009): identity
 * first (it says whether there is such a student, and the account's e-mail if they proved it), then verification and
 * offers together, then notifications with the addresses the first two say the person proved (T23): notifications
 * reaches mail and messages by the account they are tied to, and those tied to no one only by a proved address, so an
 * address someone typed at sign-up or verification brings nobody else's mail into the file. Sent as a download.
 */
async function sendExport(
  deps: PersonalDataDeps,
  res: Response,
  caller: Caller,
  userId: string,
): Promise<typeof SENT> {
  const requestId = String(res.getHeader('x-request-id') ?? '');
  const identity = await partOf(deps, 'identity', caller, { userId }, requestId);
  const [verification, offers] = await Promise.all([
    partOf(deps, 'verification', caller, { userId }, requestId),
    partOf(deps, 'offers', caller, { userId }, requestId),
  ]);
  const emails = [...new Set([...(identity.emails ?? []), ...(verification.emails ?? [])])];
  const notifications = await partOf(deps, 'notifications', caller, { userId, emails }, requestId);
  const exportedAt = new Date();
  const document = {
    format: 'tullab-personal-data/1',
    exportedAt: exportedAt.toISOString(),
    userId,
    account: identity.data,
    verification: verification.data,
    offers: offers.data,
    notifications: notifications.data,
  };
  deps.log.info(
    { reqId: requestId, userId, by: caller.userId, byRole: caller.role },
    'personal data exported',
  );
  const day = exportedAt.toISOString().slice(0, 10);
  res.setHeader('Content-Disposition', `attachment; filename="tullab-data-${day}.json"`);
  res
    .status(200)
    .type('application/json')
    .send(JSON.stringify(document, null, 2));
  return SENT;
}

/**
 * The export routes the gateway answers itself, since it alone may call every service (decision 009):
 * `GET /students/personal-data` for the signed-in student, `GET /admin/personal-data/:id` for an admin on a student's
 * request (identity audits it with the admin as the actor). Staff who are not admins get 403. Mounted under `/api`.
 */
export function personalDataRouter(deps: PersonalDataDeps): Router {
  const router = Router();

  bindRoute(
    router,
    routes.ownPersonalData,
    (_input, req, res) => sendExport(deps, res, callerOf(req), callerOf(req).userId),
    { guard: callerGuard(deps.resolveCaller, routes.ownPersonalData, 'Only students have a data export') },
  );

  bindRoute(
    router,
    routes.studentPersonalData,
    ({ params }, req, res) => sendExport(deps, res, callerOf(req), params.id),
    { guard: callerGuard(deps.resolveCaller, routes.studentPersonalData) },
  );

  return router;
}
