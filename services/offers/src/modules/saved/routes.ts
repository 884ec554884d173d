import { Router, type RequestHandler } from 'express';
import { HttpError } from '@tullab/http';
import type { OffersContext } from '../../context';
import { offerIdOf } from '../offers/schemas';
import { savedOfferIds, saveOffer, unsaveOffer } from './service';

/** Saved offers are a student's (any verification status): visitors get 401, staff and admins 403. */
const requireStudent: RequestHandler = (req, _res, next) => {
  if (!req.identity?.userId) throw new HttpError(401, 'Please sign in to save offers');
  if (req.identity.role !== 'student') throw new HttpError(403, 'Only students can save offers');
  next();
};

/**
 * A student's saved offers (issue 13 point 3, decision 014): `PUT /offers/:id/save` keeps a listed offer (204, again
 * and again), `DELETE /offers/:id/save` forgets it (204), `GET /students/me/saved` lists the ids of those still listed,
 * most recently saved first.
 */
export function savedOfferRoutes(ctx: OffersContext): Router {
  const router = Router();

  router.put('/offers/:id/save', requireStudent, async (req, res) => {
    await saveOffer(ctx.em, req.identity.userId!, offerIdOf(req.params));
    res.status(204).end();
  });

  router.delete('/offers/:id/save', requireStudent, async (req, res) => {
    await unsaveOffer(ctx.em, req.identity.userId!, offerIdOf(req.params));
    res.status(204).end();
  });

  router.get('/students/me/saved', requireStudent, async (req, res) => {
    res.json({ offerIds: await savedOfferIds(ctx.em, req.identity.userId!) });
  });

  return router;
}
