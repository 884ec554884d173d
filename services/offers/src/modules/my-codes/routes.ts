import { Router } from 'express';
import { offers } from '@tullab/contracts';
import { bindRoute } from '@tullab/http';
import type { OffersContext } from '../../context';
import { listMyCodes } from './service';

/**
 * `GET /students/me/codes?page=1&perPage=10` (the gateway's `/api/students/me/codes`, issue 13 point 2, decision 013):
 * the signed-in student's own codes, newest first, `{ data, total, page, perPage }`. Visitors get 401, staff 403; a
 * student of any verification status sees the codes they were given.
 */
export function myCodesRoutes(ctx: OffersContext): Router {
  const router = Router();
  bindRoute(router, offers.routes.myCodes, ({ query }, req) => listMyCodes(ctx.em, req.identity, query));
  return router;
}
