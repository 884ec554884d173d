import { Router, type Response } from 'express';
import { CATALOGUE_KEPT_UNTIL_HEADER } from '@tullab/events';
import { bindRoute, HttpError, parseListQuery, requireRole, sendList, requestIdOf, SENT } from '@tullab/http';
import type { OffersContext } from '../../context';
import { LOGO_FIELD, receiveLogo, sendLogo } from '../logos/store';
import { createOfferBody, offers, updateOfferBody } from '@tullab/contracts';
import { listOffersOptions, offerIdOf } from './schemas';
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
import { offerLogo, openOffer } from './listing';
import type { AdminOffer } from './views';

/** Browsers and the gateway may keep the catalogue but must ask whether it changed (ETag) before using it. */
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** The logo form is the file alone; a few stray text fields are tolerated and ignored. */
const LOGO_FORM_FIELDS = 5;
const NO_LOGO = 'Please choose a logo file';
/** A logo URL carries its version (`?v=`), so what it answers never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const STAFF_ONLY = 'private, no-store';

/**
 * `GET /offers` (SPEC §7): the live catalogue, served from memory with a strong ETag; 304 when unchanged.
 * `GET /offers/:id`: one listed offer with the texts of its modal (decision 007).
 * `GET /offers/:id/logo`: the brand logo, cached for a year under its versioned URL; an offer that is not listed
 * shows its logo to staff only.
 */
export function catalogueRoutes(ctx: OffersContext): Router {
  const router = Router();
  bindRoute(router, offers.routes.logo, async ({ params, query }, req, res) => {
    const logo = await offerLogo(ctx.em, params.id, req.identity);
    const current = query.v === String(logo.version);
    // an unlisted offer's logo is for staff only: no shared cache may keep it
    await sendLogo(res, ctx.store, logo, !logo.listed ? STAFF_ONLY : current ? IMMUTABLE : REVALIDATE);
    return SENT;
  });

  bindRoute(router, offers.routes.offer, ({ params }) => openOffer(ctx.em, params.id));

  bindRoute(router, offers.routes.catalogue, async (_input, req, res) => {
    const page = await ctx.catalogue.get();
    res.set({ 'Cache-Control': REVALIDATE, ETag: page.etag });
    // for the gateway's copy (decision 005); the gateway never passes x-tullab-* headers on
    if (page.keptUntil !== null) res.set(CATALOGUE_KEPT_UNTIL_HEADER, String(page.keptUntil));
    if (req.fresh) res.status(304).end();
    else res.type('application/json').send(page.body);
    return SENT;
  });
  return router;
}

/**
 * `/admin/offers` (the gateway's `/api/admin/offers`) for staff and admins, ra-data-simple-rest dialect, plus
 * pause, resume and logo upload. DELETE archives the offer. Every change is audited (`/admin/offer-audit-log`) and
 * drops this process's cached catalogue before it answers; other processes hear the table's notification.
 */
export function adminOfferRoutes(ctx: OffersContext): Router {
  const { em, log } = ctx;
  const router = Router();
  router.use('/admin/offers', requireRole('staff', 'admin'));

  const changed = (res: Response, record: AdminOffer, action: string, by: string | null, status = 200) => {
    ctx.catalogue.invalidate();
    log.info({ offerId: record.id, by, status: record.status }, `offer ${action}`);
    res.status(status).json(record);
  };

  router.get('/admin/offers', async (req, res) => {
    const query = parseListQuery(req.query, listOffersOptions);
    const { items, total } = await listOffers(em, query);
    sendList(res, 'offers', items, total, query.offset);
  });

  router.get('/admin/offers/:id', async (req, res) => {
    res.json(await getOffer(em, offerIdOf(req.params)));
  });

  router.post('/admin/offers', async (req, res) => {
    const body = createOfferBody.parse(req.body);
    const record = await createOffer(em, body, req.identity, requestIdOf(req));
    changed(res, record, 'created', req.identity.userId, 201);
  });

  router.put('/admin/offers/:id', async (req, res) => {
    const id = offerIdOf(req.params);
    const body = updateOfferBody.parse(req.body);
    const record = await updateOffer(em, id, body, req.identity, requestIdOf(req));
    changed(res, record, 'updated', req.identity.userId);
  });

  router.delete('/admin/offers/:id', async (req, res) => {
    const record = await deleteOffer(em, offerIdOf(req.params), req.identity, requestIdOf(req));
    changed(res, record, 'archived', req.identity.userId);
  });

  router.post('/admin/offers/:id/pause', async (req, res) => {
    const record = await pauseOffer(em, offerIdOf(req.params), req.identity, requestIdOf(req));
    changed(res, record, 'paused', req.identity.userId);
  });

  router.post('/admin/offers/:id/resume', async (req, res) => {
    const record = await resumeOffer(em, offerIdOf(req.params), req.identity, requestIdOf(req));
    changed(res, record, 'resumed', req.identity.userId);
  });

  router.post('/admin/offers/:id/logo', async (req, res) => {
    const id = offerIdOf(req.params);
    const { file } = await receiveLogo(req, res, LOGO_FORM_FIELDS);
    if (!file) throw new HttpError(400, NO_LOGO, { errors: { [LOGO_FIELD]: NO_LOGO } });
    const record = await setOfferLogo(ctx, id, file, req.identity, requestIdOf(req));
    changed(res, record, 'logo changed', req.identity.userId);
  });

  return router;
}
