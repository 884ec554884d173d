import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { identityInternal, isErrorCode, pathOf } from '@tullab/contracts';
import { HttpError, signIdentity, type Caller } from '@tullab/http';
import type { Logger } from '@tullab/log';
import { fromUpstreamError } from '../upstreams/errors';
import { UpstreamError, type ServiceName, type Upstreams } from '../upstreams/upstreams';

/** Each service's part of an export (decision 009); the gateway never routes `/internal` from outside. */
export const PERSONAL_DATA_PATH = '/internal/personal-data';

/** Where each service answers its part: identity as its internal routes declare it. */
const partPaths: Record<ServiceName, string> = {
  identity: pathOf(identityInternal.routes.personalData),
  verification: PERSONAL_DATA_PATH,
  offers: PERSONAL_DATA_PATH,
  notifications: PERSONAL_DATA_PATH,
};

/** What a service answers: its data, and (identity, verification) the addresses the person proved there (T23). */
const part = z.object({ emails: z.array(z.string()).optional(), data: z.unknown() });
type Part = z.infer<typeof part>;

export interface PersonalDataDeps {
  upstreams: Upstreams;
  internalSecret: string;
  log: Logger;
  timeoutMs: number;
  /** who is calling (the session, resolved by identity) */
  resolveCaller(req: Request, res: Response): Promise<Caller>;
}

const accountId = z.uuid('Not a valid account id');

/** One service's part, asked for with the caller's own signed identity: the service checks who may have it. */
async function partOf(
  deps: PersonalDataDeps,
  service: ServiceName,
  caller: Caller,
  body: object,
  requestId: string,
): Promise<Part> {
  const upstream = deps.upstreams.services[service];
  let answer;
  try {
    answer = await deps.upstreams.callJson(upstream, {
      method: 'POST',
      path: partPaths[service],
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
  const parsed = part.safeParse(answer.body);
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
): Promise<void> {
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
}

/**
 * The export routes the gateway answers itself, since it alone may call every service (decision 009):
 * `GET /students/personal-data` for the signed-in student, `GET /admin/personal-data/:id` for an admin on a student's
 * request (identity audits it with the admin as the actor). Staff who are not admins get 403.
 */
export function personalDataRouter(deps: PersonalDataDeps): Router {
  const router = Router();

  router.get('/students/personal-data', async (req, res) => {
    const caller = await deps.resolveCaller(req, res);
    if (!caller.userId) throw new HttpError(401, 'Not authenticated');
    if (caller.role !== 'student') throw new HttpError(403, 'Only students have a data export');
    await sendExport(deps, res, caller, caller.userId);
  });

  router.get('/admin/personal-data/:id', async (req, res) => {
    const caller = await deps.resolveCaller(req, res);
    if (!caller.userId) throw new HttpError(401, 'Not authenticated');
    if (caller.role !== 'admin') throw new HttpError(403, 'Forbidden');
    const parsed = accountId.safeParse(req.params.id);
    if (!parsed.success)
      throw new HttpError(400, 'Not a valid account id', { errors: { id: 'Not a valid account id' } });
    await sendExport(deps, res, caller, parsed.data);
  });

  return router;
}
