import { Router, type RequestHandler } from 'express';
import type { OffersContext } from '../../context';
import { HttpError, languageOf, bindRoute } from '@tullab/http';
import { offers } from '@tullab/contracts';
import { reportCode } from './service';

/** A signed-in student (any verification state: the code may have failed before it lapsed); 401/403 otherwise. */
const requireStudent: RequestHandler = (req, _res, next) => {
  if (!req.identity?.userId) throw new HttpError(401, 'Please sign in to report a code');
  if (req.identity.role !== 'student') throw new HttpError(403, 'Only students can report a code');
  next();
};

/**
 * "This code didn't work" (issue 13 point 4): `POST /offers/:id/reports` for the student who revealed a code of the
 * offer. Staff decide in `codeReportAdminRoutes`.
 */
export function codeReportRoutes(ctx: OffersContext): Router {
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

  return router;
}
