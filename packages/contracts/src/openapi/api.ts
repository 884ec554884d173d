import { brandApps } from './brand-apps.js';
import { connectedBrands } from './connected-brands.js';
import { connectCheckout } from './checkout.js';
import { gatewayOwn } from './gateway.js';
import { accounts, accountsAdmin } from './identity.js';
import { merchantAccounts } from './merchant-identity.js';
import { merchantOffers } from './merchant-offers.js';
import { contact, notificationsAdmin } from './notifications.js';
import { merchantApplications, offersAdmin } from './offers-admin.js';
import { offerProposals } from './offer-proposals.js';
import { offers } from './offers.js';
import type { ApiRoute, RouteGroup, RouteOwner } from './route.js';
import { studentVerification, verificationAdmin } from './verification.js';
import { brandWebhooks } from './webhooks.js';

/** Every route of the public API, grouped as the reference shows them. */
export const apiGroups: RouteGroup[] = [
  accounts,
  studentVerification,
  connectedBrands,
  offers,
  merchantApplications,
  merchantAccounts,
  brandApps,
  brandWebhooks,
  connectCheckout,
  merchantOffers,
  contact,
  accountsAdmin,
  verificationAdmin,
  offersAdmin,
  offerProposals,
  notificationsAdmin,
  gatewayOwn,
];

/** A route with the one who answers it. */
export interface OwnedRoute extends ApiRoute {
  owner: RouteOwner;
}

/** Every route of the public API, each once, with its owner: what the gateway routes by. */
export const apiRoutes: readonly OwnedRoute[] = apiGroups.flatMap((group) =>
  Object.values(group.routes).map((route) => ({ ...route, owner: group.owner })),
);
