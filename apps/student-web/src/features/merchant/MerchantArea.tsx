import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../../app/paths';
import { NotFoundPage } from '@tullab/web-kit/components/NotFoundPage';
import { onDemand } from '@tullab/web-kit/components/on-demand';
import { PageLoading } from '@tullab/web-kit/components/PageLoading';

const MerchantShell = onDemand(() => import('./MerchantShell').then((m) => m.MerchantShell));
const MerchantSignInPage = onDemand(() => import('./MerchantSignInPage').then((m) => m.MerchantSignInPage));
const AcceptInvitationPage = onDemand(() =>
  import('./AcceptInvitationPage').then((m) => m.AcceptInvitationPage),
);
const OverviewPage = onDemand(() => import('./OverviewPage').then((m) => m.OverviewPage));
const OfferPage = onDemand(() => import('./OfferPage').then((m) => m.OfferPage));
const ReportsPage = onDemand(() => import('./ReportsPage').then((m) => m.ReportsPage));
const ProposalsPage = onDemand(() => import('./ProposalsPage').then((m) => m.ProposalsPage));
const TeamPage = onDemand(() => import('./TeamPage').then((m) => m.TeamPage));

/** A portal path of `paths` relative to `/merchant`, as the area's own table takes it. */
const inside = (path: string) => path.slice(paths.merchant.length + 1);

/**
 * The portal's pages (paths.merchant*): sign-in and accepting an invitation, then the brand's pages inside the shell,
 * which lets only merchant accounts in. Any other `/merchant/…` path is the app's not-found page.
 */
export const merchantAreaRoutes: RouteObject[] = [
  { id: 'merchant-sign-in', path: inside(paths.merchantSignIn), element: <MerchantSignInPage /> },
  {
    id: 'merchant-accept-invitation',
    path: inside(paths.merchantAcceptInvitation),
    element: <AcceptInvitationPage />,
  },
  {
    id: 'merchant-shell',
    element: <MerchantShell />,
    children: [
      { id: 'merchant-overview', index: true, element: <OverviewPage /> },
      { id: 'merchant-offer', path: inside(paths.merchantOffer), element: <OfferPage /> },
      { id: 'merchant-reports', path: inside(paths.merchantReports), element: <ReportsPage /> },
      { id: 'merchant-proposals', path: inside(paths.merchantProposals), element: <ProposalsPage /> },
      { id: 'merchant-team', path: inside(paths.merchantTeam), element: <TeamPage /> },
    ],
  },
  { id: 'merchant-not-found', path: '*', element: <NotFoundPage /> },
];

/** Everything under `/merchant` (issue 16), loaded on first visit. */
export function MerchantArea() {
  const { t } = useTranslation('merchant');
  const page = useRoutes(merchantAreaRoutes);
  return <Suspense fallback={<PageLoading label={t('loading')} />}>{page}</Suspense>;
}
