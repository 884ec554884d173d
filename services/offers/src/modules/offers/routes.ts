import { Router } from 'express';
import { CATALOGUE_KEPT_UNTIL_HEADER, offers } from '@tullab/contracts';
import type { OffersContext } from '../../context';
import { sendLogo } from '../logos/store';
import { bindRoute, SENT } from '@tullab/http';
import { offerLogo, openOffer } from './listing';

/** Browsers and the gateway may keep the catalogue but must ask whether it changed (ETag) before using it. */
const REVALIDATE = 'public, max-age=0, must-revalidate';
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
