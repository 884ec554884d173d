import { Router } from 'express';
import { CATALOGUE_KEPT_UNTIL_HEADER } from '@tullab/events';
import type { OffersContext } from '../../context';
import { sendLogo } from '../logos/store';
import { offerIdOf } from './schemas';
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
  router.get('/offers/:id/logo', async (req, res) => {
    const logo = await offerLogo(ctx.em, offerIdOf(req.params), req.identity);
    const current = req.query.v === String(logo.version);
    // an unlisted offer's logo is for staff only: no shared cache may keep it
    await sendLogo(res, ctx.store, logo, !logo.listed ? STAFF_ONLY : current ? IMMUTABLE : REVALIDATE);
  });

  router.get('/offers/:id', async (req, res) => {
    res.json(await openOffer(ctx.em, offerIdOf(req.params)));
  });

  router.get('/offers', async (req, res) => {
    const page = await ctx.catalogue.get();
    res.set({ 'Cache-Control': REVALIDATE, ETag: page.etag });
    // for the gateway's copy (decision 005); the gateway never passes x-tullab-* headers on
    if (page.keptUntil !== null) res.set(CATALOGUE_KEPT_UNTIL_HEADER, String(page.keptUntil));
    if (req.fresh) return void res.status(304).end();
    res.type('application/json').send(page.body);
  });
  return router;
}
