import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { LanguageSwitcher } from '@tullab/web-kit/components/LanguageSwitcher';
import { PageLoading } from '@tullab/web-kit/components/PageLoading';
import { MAIN_CONTENT_ID, SkipLink } from '@tullab/web-kit/components/SkipLink';
import { sitePaths } from '@tullab/web-kit/site-paths';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';

/** The brand's word mark: written in Latin letters in every language. */
const WORD_MARK = 'Tullab';

/**
 * After each navigation, the new page from its top. The effect returns nothing: Chromium's `scrollTo` answers a
 * promise, which React would take for the effect's clean-up and call.
 */
function useScrollOnNavigate() {
  const { pathname, key } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname, key]);
}

/**
 * Every page of the portal (issue 29: an app of its own): skip link, a bar with the Tullab word mark (the student
 * site's home, a page load away) and the language switcher, then the page as `<main>`, a spinner while its code loads.
 */
export function PortalLayout() {
  useScrollOnNavigate();
  const { t } = useTranslation(['common', 'merchant']);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          px: { xs: 1.5, sm: 3 },
          py: 1.5,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Link
          href={sitePaths.home}
          aria-label={t('logo.home')}
          underline="none"
          sx={{ fontWeight: 800, fontSize: '1.5rem', color: 'primary.dark' }}
        >
          {WORD_MARK}
        </Link>
        <Box
          component={LanguageSwitcher}
          sx={{
            font: 'inherit',
            fontWeight: 600,
            color: 'text.primary',
            bgcolor: 'transparent',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 1.5,
            py: 0.75,
            cursor: 'pointer',
          }}
        />
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoading label={t('merchant:loading')} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
