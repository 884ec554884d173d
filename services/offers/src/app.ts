import { offersAuditLog } from '@tullab/contracts';
import { answerAfter } from '@tullab/http';
import { auditLogRoutes } from '@tullab/audit-log';
import { createServiceApp, type ServiceDeps } from '@tullab/runtime';
import type { Config } from './config';
import { contextOf } from './context';
import { checkoutRoutes } from './modules/checkout/routes';
import { codeReportAdminRoutes } from './modules/code-reports/admin-routes';
import { codeReportRoutes } from './modules/code-reports/routes';
import { merchantApplicationAdminRoutes } from './modules/merchant-applications/admin-routes';
import { merchantApplicationRoutes } from './modules/merchant-applications/routes';
import { merchantPortalRoutes } from './modules/merchant-portal/routes';
import { myCodesRoutes } from './modules/my-codes/routes';
import { offerProposalRoutes } from './modules/offer-proposals/routes';
import { adminOfferRoutes } from './modules/offers/admin-routes';
import { catalogueRoutes } from './modules/offers/routes';
import { personalDataRoutes } from './modules/personal-data/routes';
import { redemptionAdminRoutes } from './modules/redemptions/admin-routes';
import { redemptionRoutes } from './modules/redemptions/routes';
import { savedOfferRoutes } from './modules/saved/routes';
import { offerStatsRoutes } from './modules/tracking/admin-routes';
import { trackingRoutes } from './modules/tracking/routes';

/**
 * Offers' HTTP API, behind the gateway (which strips `/api`): the public catalogue and logos, redemption, tracking,
 * merchant applications, and the staff resources `offers`, `merchant-applications` and `offer-audit-log`.
 * `/healthz` and `/readyz` are unsigned; everything else needs the signed identity header (@tullab/runtime).
 */
export function createApp(deps: ServiceDeps<Config>) {
  const ctx = contextOf(deps);
  return createServiceApp(deps, (app) => {
    // a staff change is answered once the gateways have dropped the catalogue before it (decision 005)
    app.use(
      '/admin',
      answerAfter(() => ctx.catalogue.settled()),
    );
    app.use(catalogueRoutes(ctx));
    app.use(redemptionRoutes(ctx));
    app.use(redemptionAdminRoutes(ctx));
    app.use(trackingRoutes(ctx));
    app.use(offerStatsRoutes(ctx));
    app.use(merchantApplicationRoutes(ctx));
    app.use(merchantApplicationAdminRoutes(ctx));
    app.use(adminOfferRoutes(ctx));
    app.use(personalDataRoutes(ctx));
    app.use(savedOfferRoutes(ctx));
    app.use(codeReportRoutes(ctx));
    app.use(codeReportAdminRoutes(ctx));
    app.use(myCodesRoutes(ctx));
    app.use(merchantPortalRoutes(ctx));
    app.use(offerProposalRoutes(ctx));
    app.use(checkoutRoutes(ctx));
    app.use(auditLogRoutes(ctx.em, offersAuditLog));
  });
}
