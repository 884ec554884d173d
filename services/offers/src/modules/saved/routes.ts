import { Router, type RequestHandler } from 'express';
import { offers } from '@tullab/contracts';
import { bindRoute, HttpError } from '@tullab/http';
import type { OffersContext } from '../../context';
import { savedOfferIds, saveOffer, unsaveOffer } from './service';

const { routes } = offers;

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

  const student = { guard: requireStudent };

  bindRoute(
    router,
    routes.save,
    ({ params }, req) => saveOffer(ctx.em, req.identity.userId!, params.id),
    student,
  );

  bindRoute(
    router,
    routes.unsave,
    ({ params }, req) => unsaveOffer(ctx.em, req.identity.userId!, params.id),
    student,
  );

  bindRoute(
    router,
    routes.savedOffers,
    async (_input, req) => ({ offerIds: await savedOfferIds(ctx.em, req.identity.userId!) }),
    student,
  );

  return router;
}
