import { Router } from 'express';
import { brandOf, parseListQuery, requestIdOf, requireMerchant, requireRole, sendList } from '@tullab/http';
import { approveProposalBody, parseProposalForm, rejectProposalBody } from '@tullab/contracts';
import type { OffersContext } from '../../context';
import { receiveLogo, sendLogo } from '../logos/store';
import { approveProposal, rejectProposal } from './decisions';
import { brandProposals, getProposal, listProposals, proposalCounts, proposalLogo } from './records';
import { listProposalsOptions, proposalIdOf } from './schemas';
import { admitProposal, proposeOffer, withdrawProposal } from './service';

/** The form's fields (16 offer fields and `offerId`); a few more are tolerated (and ignored). */
const MAX_FORM_FIELDS = 25;
const STAFF_ONLY = 'private, no-store';

/**
 * Offer proposals (issue 16 point 5, decision 016). A merchant's `/merchant/offer-proposals` (their brand's only:
 * another brand's proposal or offer is a 404): propose (multipart, as the merchant application), list, show, the
 * logo, withdraw. Staff's `/admin/offer-proposals` (ra-data-simple-rest list and show, `/summary` for the dashboard,
 * the logo, `POST /:id/approve` and `/:id/reject`). Every step is audited (`/admin/offer-audit-log`).
 */
export function offerProposalRoutes(ctx: OffersContext): Router {
  const { em } = ctx;
  const router = Router();

  const mine = '/merchant/offer-proposals';
  router.use(mine, requireMerchant);

  router.post(mine, async (req, res) => {
    // decided before a byte of the logo is read (decision 017, as T17 for documents)
    await admitProposal(em, brandOf(req));
    const { file, fields } = await receiveLogo(req, res, MAX_FORM_FIELDS);
    const body = parseProposalForm(fields);
    res.status(201).json(await proposeOffer(ctx, brandOf(req), body, file, req.identity, requestIdOf(req)));
  });

  router.get(mine, async (req, res) => {
    res.json(await brandProposals(em, brandOf(req)));
  });

  router.get(`${mine}/:id`, async (req, res) => {
    res.json(await getProposal(em, proposalIdOf(req.params), brandOf(req)));
  });

  router.get(`${mine}/:id/logo`, async (req, res) => {
    await sendLogo(
      res,
      ctx.store,
      await proposalLogo(em, proposalIdOf(req.params), brandOf(req)),
      STAFF_ONLY,
    );
  });

  router.post(`${mine}/:id/withdraw`, async (req, res) => {
    const id = proposalIdOf(req.params);
    res.json(await withdrawProposal(ctx, id, brandOf(req), req.identity, requestIdOf(req)));
  });

  const admin = '/admin/offer-proposals';
  router.use(admin, requireRole('staff', 'admin'));

  router.get(admin, async (req, res) => {
    const query = parseListQuery(req.query, listProposalsOptions);
    const { items, total } = await listProposals(em, query);
    sendList(res, 'offer-proposals', items, total, query.offset);
  });

  router.get(`${admin}/summary`, async (_req, res) => {
    res.json(await proposalCounts(em));
  });

  router.get(`${admin}/:id`, async (req, res) => {
    res.json(await getProposal(em, proposalIdOf(req.params)));
  });

  router.get(`${admin}/:id/logo`, async (req, res) => {
    await sendLogo(res, ctx.store, await proposalLogo(em, proposalIdOf(req.params)), STAFF_ONLY);
  });

  router.post(`${admin}/:id/approve`, async (req, res) => {
    const id = proposalIdOf(req.params);
    const { status } = approveProposalBody.parse(req.body ?? {});
    res.json(await approveProposal(ctx, id, status, req.identity, requestIdOf(req)));
  });

  router.post(`${admin}/:id/reject`, async (req, res) => {
    const id = proposalIdOf(req.params);
    const { reason } = rejectProposalBody.parse(req.body ?? {});
    res.json(await rejectProposal(ctx, id, reason, req.identity, requestIdOf(req)));
  });

  return router;
}
