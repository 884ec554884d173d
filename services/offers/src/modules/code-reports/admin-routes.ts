import { Router } from 'express';
import { offersAdmin } from '@tullab/contracts';
import { bindRoute, requestIdOf } from '@tullab/http';
import type { OffersContext } from '../../context';
import { idFirst } from '../../http';
import { decideReport } from './decisions';
import { getReport, listReports, reportCounts } from './records';
import { reportIdOf } from './schemas';

const { routes } = offersAdmin;

/**
 * The staff queue of "this code didn't work" (issue 13 point 4), `/admin/code-reports`: ra-data-simple-rest list and
 * show, `/summary` for the dashboard, `POST /:id/decision`.
 */
export function codeReportAdminRoutes(ctx: OffersContext): Router {
  const { em } = ctx;
  const router = Router();

  bindRoute(router, routes.codeReports, ({ list }) => listReports(em, list));

  bindRoute(router, routes.codeReportSummary, () => reportCounts(em));

  bindRoute(router, routes.codeReport, ({ params }) => getReport(em, reportIdOf(params)));

  bindRoute(
    router,
    routes.decideCodeReport,
    ({ params, body }, req) =>
      decideReport(ctx, params.id, body.outcome, body.message, req.identity, requestIdOf(req)),
    { before: [idFirst(reportIdOf)] },
  );

  return router;
}
