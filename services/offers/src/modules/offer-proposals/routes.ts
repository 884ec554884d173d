import { Router } from 'express';
import { brandOf, bindRoute, requestIdOf, SENT } from '@tullab/http';
import { offerProposals, parseProposalForm } from '@tullab/contracts';
import type { OffersContext } from '../../context';
import { idFirst } from '../../http';
import { receiveLogo, sendLogo } from '../logos/store';
import { approveProposal, rejectProposal } from './decisions';
import { brandProposals, getProposal, listProposals, proposalCounts, proposalLogo } from './records';
import { proposalIdOf } from './schemas';
import { admitProposal, proposeOffer, withdrawProposal } from './service';

const { routes } = offerProposals;

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
  const knownProposal = idFirst(proposalIdOf);

  bindRoute(router, routes.propose, async (_input, req, res) => {
    // decided before a byte of the logo is read (decision 017, as T17 for documents)
    await admitProposal(em, brandOf(req));
    const { file, fields } = await receiveLogo(req, res, MAX_FORM_FIELDS);
    const body = parseProposalForm(fields);
    return proposeOffer(ctx, brandOf(req), body, file, req.identity, requestIdOf(req));
  });

  bindRoute(router, routes.brandProposals, (_input, req) => brandProposals(em, brandOf(req)));

  bindRoute(router, routes.brandProposal, ({ params }, req) =>
    getProposal(em, proposalIdOf(params), brandOf(req)),
  );

  // the answer type is written out: an async handler's `return SENT` alone would widen to `symbol`
  bindRoute(router, routes.brandProposalLogo, async ({ params }, req, res): Promise<typeof SENT> => {
    const logo = await proposalLogo(em, proposalIdOf(params), brandOf(req));
    await sendLogo(res, ctx.store, logo, STAFF_ONLY);
    return SENT;
  });

  bindRoute(router, routes.withdrawProposal, ({ params }, req) =>
    withdrawProposal(ctx, proposalIdOf(params), brandOf(req), req.identity, requestIdOf(req)),
  );

  bindRoute(router, routes.proposals, ({ list }) => listProposals(em, list));

  bindRoute(router, routes.proposalSummary, () => proposalCounts(em));

  bindRoute(router, routes.proposal, ({ params }) => getProposal(em, proposalIdOf(params)));

  bindRoute(router, routes.proposalLogo, async ({ params }, _req, res): Promise<typeof SENT> => {
    await sendLogo(res, ctx.store, await proposalLogo(em, proposalIdOf(params)), STAFF_ONLY);
    return SENT;
  });

  bindRoute(
    router,
    routes.approveProposal,
    ({ params, body }, req) => approveProposal(ctx, params.id, body.status, req.identity, requestIdOf(req)),
    { before: [knownProposal] },
  );

  bindRoute(
    router,
    routes.rejectProposal,
    ({ params, body }, req) => rejectProposal(ctx, params.id, body.reason, req.identity, requestIdOf(req)),
    { before: [knownProposal] },
  );

  return router;
}
