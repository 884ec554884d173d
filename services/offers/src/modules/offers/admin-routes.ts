import { Router } from 'express';
import { offersAdmin } from '@tullab/contracts';
import { bindRoute, HttpError, requestIdOf } from '@tullab/http';
import type { OffersContext } from '../../context';
import { idFirst } from '../../http';
import { LOGO_FIELD, receiveLogo } from '../logos/store';
import { offerIdOf } from './schemas';
import {
  createOffer,
  deleteOffer,
  getOffer,
  listOffers,
  pauseOffer,
  resumeOffer,
  setOfferLogo,
  updateOffer,
} from './service';
import type { AdminOffer } from './views';

const { routes } = offersAdmin;

/** The logo form is the file alone; a few stray text fields are tolerated and ignored. */
const LOGO_FORM_FIELDS = 5;
const NO_LOGO = 'Please choose a logo file';

/**
 * `/admin/offers` (the gateway's `/api/admin/offers`) for staff and admins, ra-data-simple-rest dialect, plus
 * pause, resume and logo upload. DELETE archives the offer. Every change is audited (`/admin/offer-audit-log`) and
 * drops this process's cached catalogue before it answers; other processes hear the table's notification.
 */
export function adminOfferRoutes(ctx: OffersContext): Router {
  const { em, log } = ctx;
  const router = Router();

  const changed = (record: AdminOffer, action: string, by: string | null) => {
    ctx.catalogue.invalidate();
    log.info({ offerId: record.id, by, status: record.status }, `offer ${action}`);
    return record;
  };

  bindRoute(router, routes.offers, ({ list }) => listOffers(em, list));

  bindRoute(router, routes.offer, ({ params }) => getOffer(em, offerIdOf(params)));

  bindRoute(router, routes.createOffer, async ({ body }, req) => {
    const record = await createOffer(em, body, req.identity, requestIdOf(req));
    return changed(record, 'created', req.identity.userId);
  });

  bindRoute(
    router,
    routes.updateOffer,
    async ({ params, body }, req) => {
      const record = await updateOffer(em, params.id, body, req.identity, requestIdOf(req));
      return changed(record, 'updated', req.identity.userId);
    },
    { before: [idFirst(offerIdOf)] },
  );

  bindRoute(router, routes.archiveOffer, async ({ params }, req) => {
    const record = await deleteOffer(em, offerIdOf(params), req.identity, requestIdOf(req));
    return changed(record, 'archived', req.identity.userId);
  });

  bindRoute(router, routes.pauseOffer, async ({ params }, req) => {
    const record = await pauseOffer(em, offerIdOf(params), req.identity, requestIdOf(req));
    return changed(record, 'paused', req.identity.userId);
  });

  bindRoute(router, routes.resumeOffer, async ({ params }, req) => {
    const record = await resumeOffer(em, offerIdOf(params), req.identity, requestIdOf(req));
    return changed(record, 'resumed', req.identity.userId);
  });

  bindRoute(router, routes.changeOfferLogo, async ({ params }, req, res) => {
    const id = offerIdOf(params);
    const { file } = await receiveLogo(req, res, LOGO_FORM_FIELDS);
    if (!file) throw new HttpError(400, NO_LOGO, { errors: { [LOGO_FIELD]: NO_LOGO } });
    const record = await setOfferLogo(ctx, id, file, req.identity, requestIdOf(req));
    return changed(record, 'logo changed', req.identity.userId);
  });

  return router;
}
