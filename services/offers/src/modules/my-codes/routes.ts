import { Router } from 'express';
import { requireRole } from '@tullab/http';
import type { OffersContext } from '../../context';
import { myCodesQuery } from '@tullab/contracts';
import { listMyCodes } from './service';

/**
 * `GET /students/me/codes?page=1&perPage=10` (the gateway's `/api/students/me/codes`, issue 13 point 2, decision 013):
 * the signed-in student's own codes, newest first, `{ data, total, page, perPage }`. Visitors get 401, staff 403; a
 * student of any verification status sees the codes they were given.
 */
export function myCodesRoutes(ctx: OffersContext): Router {
  const router = Router();
  router.get('/students/me/codes', requireRole('student'), async (req, res) => {
    const query = myCodesQuery.parse(req.query);
    res.json(await listMyCodes(ctx.em, req.identity, query));
  });
  return router;
}
