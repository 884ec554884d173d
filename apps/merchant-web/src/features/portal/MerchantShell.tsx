import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { SiteLink } from '@tullab/web-kit/components/SiteLink';
import { sitePaths } from '@tullab/web-kit/site-paths';
import { paths } from '../../app/paths';
import { DocumentTitle } from '@tullab/web-kit/components/DocumentTitle';
import { PageLoading } from '@tullab/web-kit/components/PageLoading';
import { returnHereState } from '@tullab/web-kit/session/return-to';
import { logout } from '@tullab/web-kit/session/session';
import { useAuth } from '@tullab/web-kit/session/use-auth';
import { useGetMerchantBrandQuery } from './api';

/** The portal's sections, in the order of its navigation; an offer's page belongs to the overview, which lists it. */
const sections = [
  { to: paths.merchant, label: 'nav.overview', end: true, also: '/merchant/offers/' },
  { to: paths.merchantReports, label: 'nav.reports', end: false, also: null },
  { to: paths.merchantProposals, label: 'nav.proposals', end: false, also: null },
  { to: paths.merchantTeam, label: 'nav.team', end: false, also: null },
  { to: paths.merchantApps, label: 'nav.apps', end: false, also: null },
] as const;

/** A signed-in account that is not a brand's: the portal is not for them. */
function NotForYou() {
  const { t } = useTranslation('merchant');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <DocumentTitle title={t('notMerchant.title')} />
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {t('notMerchant.title')}
      </Typography>
      <Alert severity="info" data-testid="merchant-not-merchant">
        {t('notMerchant.text')}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
        <Button variant="contained" component={SiteLink} to={sitePaths.forBrands}>
          {t('notMerchant.apply')}
        </Button>
        <Button variant="outlined" component={SiteLink} to={sitePaths.home}>
          {t('notMerchant.home')}
        </Button>
      </Stack>
    </Container>
  );
}

/** The brand's name above every page of the portal, and the portal's navigation. */
function PortalHeader() {
  const { t } = useTranslation('merchant');
  const { pathname } = useLocation();
  const brand = useGetMerchantBrandQuery();
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <StorefrontOutlined color="primary" aria-hidden="true" />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.4 }}>
              {t('portalName')}
            </Typography>
            <Typography component="p" variant="h6" sx={{ fontWeight: 700 }} data-testid="merchant-brand-name">
              {brand.data ? (
                <bdi>{brand.data.name}</bdi>
              ) : brand.isError ? (
                t('brand.unavailable')
              ) : (
                <Skeleton width={160} aria-label={t('loading')} />
              )}
            </Typography>
          </Box>
        </Stack>
        <Button size="small" color="inherit" onClick={() => void logout()}>
          {t('signOut')}
        </Button>
      </Stack>
      <Box
        component="nav"
        aria-label={t('nav.label')}
        sx={{ display: 'flex', gap: 0.5, overflowX: 'auto', pb: 0.5 }}
      >
        {sections.map((section) => {
          const active = section.end
            ? pathname === section.to || (section.also !== null && pathname.startsWith(section.also))
            : pathname.startsWith(section.to);
          return (
            <Button
              key={section.to}
              component={Link}
              to={section.to}
              aria-current={active ? 'page' : undefined}
              sx={{
                flexShrink: 0,
                borderRadius: 0,
                borderBottom: 3,
                borderColor: active ? 'primary.main' : 'transparent',
                color: active ? 'primary.dark' : 'text.secondary',
                fontWeight: active ? 700 : undefined,
              }}
            >
              {t(section.label)}
            </Button>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * The merchant portal's frame (issue 16, decision 016): a visitor goes to the partner sign-in (and comes back here
 * afterwards); a student or staff account is told the area is for partner brands; a merchant sees their brand's pages.
 */
export function MerchantShell() {
  const { t } = useTranslation('merchant');
  const { user, isLoading, isAuthenticated } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageLoading />;
  if (!isAuthenticated)
    return <Navigate to={paths.merchantSignIn} replace state={returnHereState(location)} />;
  if (user?.role !== 'merchant') return <NotForYou />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <PortalHeader />
      <Suspense fallback={<PageLoading label={t('loading')} />}>
        <Outlet />
      </Suspense>
    </Container>
  );
}
