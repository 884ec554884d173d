import { Router, type RequestHandler } from 'express';
import {
  bindRoute,
  HttpError,
  languageOf,
  parseListQuery,
  requireRole,
  sendList,
  requestIdOf,
} from '@tullab/http';
import type { OffersContext } from '../../context';
import { offers, reportDecisionBody } from '@tullab/contracts';
import { listReportsOptions, reportIdOf } from './schemas';
import { decideReport } from './decisions';
import { getReport, listReports, reportCounts } from './records';
import { reportCode } from './service';

/** A signed-in student (any verification state: the code may have failed before it lapsed); 401/403 otherwise. */
const requireStudent: RequestHandler = (req, _res, next) => {
  if (!req.identity?.userId) throw new HttpError(401, 'Please sign in to report a code');
  if (req.identity.role !== 'student') throw new HttpError(403, 'Only students can report a code');
  next();
};

/**
 * "This code didn't work" (issue 13 point 4): `POST /offers/:id/reports` for the student who revealed a code of the
 * offer, and the staff queue `/admin/code-reports` (ra-data-simple-rest list and show, `/summary` for the dashboard,
 * `POST /:id/decision`).
 */
export function codeReportRoutes(ctx: OffersContext): Router {
  const { em } = ctx;
  const router = Router();

  bindRoute(
    router,
    offers.routes.reportCode,
    async ({ params, body }, req) => {
      const report = await reportCode(ctx, params.id, body, req.identity, languageOf(req));
      return {
        id: report.id,
        status: report.status,
        message: 'Thank you. Our team will look into it and e-mail you.',
      };
    },
    { guard: requireStudent },
  );

  const admin = '/admin/code-reports';
  router.use(admin, requireRole('staff', 'admin'));

  router.get(admin, async (req, res) => {
    const query = parseListQuery(req.query, listReportsOptions);
    const { items, total } = await listReports(em, query);
    sendList(res, 'code-reports', items, total, query.offset);
  });

  router.get(`${admin}/summary`, async (_req, res) => {
    res.json(await reportCounts(em));
  });

  router.get(`${admin}/:id`, async (req, res) => {
    res.json(await getReport(em, reportIdOf(req.params)));
  });

  router.post(`${admin}/:id/decision`, async (req, res) => {
    const id = reportIdOf(req.params);
    const { outcome, message } = reportDecisionBody.parse(req.body ?? {});
    res.json(await decideReport(ctx, id, outcome, message, req.identity, requestIdOf(req)));
  });

  return router;
}
