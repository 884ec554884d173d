import { NotFoundPage } from '@tullab/web-kit/components/NotFoundPage';
import { onDemand } from '@tullab/web-kit/components/on-demand';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../app/paths';
import { PortalLayout } from './PortalLayout';

const MerchantShell = onDemand(() => import('../features/portal/MerchantShell').then((m) => m.MerchantShell));
const MerchantSignInPage = onDemand(() =>
  import('../features/portal/MerchantSignInPage').then((m) => m.MerchantSignInPage),
);
const AcceptInvitationPage = onDemand(() =>
  import('../features/portal/AcceptInvitationPage').then((m) => m.AcceptInvitationPage),
);
const OverviewPage = onDemand(() => import('../features/portal/OverviewPage').then((m) => m.OverviewPage));
const OfferPage = onDemand(() => import('../features/portal/OfferPage').then((m) => m.OfferPage));
const ReportsPage = onDemand(() => import('../features/portal/ReportsPage').then((m) => m.ReportsPage));
const ProposalsPage = onDemand(() => import('../features/portal/ProposalsPage').then((m) => m.ProposalsPage));
const TeamPage = onDemand(() => import('../features/portal/TeamPage').then((m) => m.TeamPage));
const AppsPage = onDemand(() => import('../features/portal/apps/AppsPage').then((m) => m.AppsPage));

export const NOT_FOUND_ROUTE_ID = 'merchant-not-found';

/**
 * The portal's pages (`paths`; issue 16, decision 016) inside its layout: sign-in and accepting an invitation, then
 * the brand's pages inside the shell, which lets only merchant accounts in. Any other path is the not-found page.
 * Each page's code loads on first visit.
 */
export const routes: RouteObject[] = [
  {
    id: 'layout',
    element: <PortalLayout />,
    children: [
      { id: 'merchant-sign-in', path: paths.merchantSignIn, element: <MerchantSignInPage /> },
      {
        id: 'merchant-accept-invitation',
        path: paths.merchantAcceptInvitation,
        element: <AcceptInvitationPage />,
      },
      {
        id: 'merchant-shell',
        element: <MerchantShell />,
        children: [
          { id: 'merchant-overview', path: paths.merchant, element: <OverviewPage /> },
          { id: 'merchant-offer', path: paths.merchantOffer, element: <OfferPage /> },
          { id: 'merchant-reports', path: paths.merchantReports, element: <ReportsPage /> },
          { id: 'merchant-proposals', path: paths.merchantProposals, element: <ProposalsPage /> },
          { id: 'merchant-team', path: paths.merchantTeam, element: <TeamPage /> },
          { id: 'merchant-apps', path: paths.merchantApps, element: <AppsPage /> },
        ],
      },
      { id: NOT_FOUND_ROUTE_ID, path: '*', element: <NotFoundPage /> },
    ],
  },
];
