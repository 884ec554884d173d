import Box from '@mui/material/Box';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { prefersReducedMotion } from '@tullab/web-kit/theme';
import { PageLoading } from '@tullab/web-kit/components/PageLoading';
import { MAIN_CONTENT_ID, SkipLink } from '@tullab/web-kit/components/SkipLink';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * After each navigation: scroll to the `#anchor` if there is one (the Discounts links, SPEC §2), smoothly unless the
 * system asks for reduced motion, otherwise to the top of the new page.
 */
function useScrollOnNavigate() {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target)
      target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    else window.scrollTo({ top: 0 });
  }, [pathname, hash, key]);
}

/** Every page: skip link, header, the page as `<main>` (a spinner while its code loads), footer. */
export function Layout() {
  useScrollOnNavigate();
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Header />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoading label={t('loadingPage')} />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
