import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { exposeClearAllAuth } from './session/session';
import { useToastHotkey } from './notify';
import type { AppStore } from './store';
import { useAccountLanguage } from './account-language';
import { OwnPagesProvider, type OwnsPage } from './components/SiteLink';
import { DirectionStyles } from './i18n/direction';
import { DEFAULT_LANGUAGE, directionOf, isLanguage } from './i18n/languages';
import { themeFor, usePrefersReducedMotion } from './theme';

/** The toast host, loaded after the page's first render (notify.tsx), and the F8 hotkey that reaches it. */
const ToastHost = lazy(() => import('./toast-host'));

function Toasts({ children }: { children: ReactNode }) {
  useToastHotkey();
  return (
    <>
      {children}
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    </>
  );
}

/** Applies a signed-in user's account language (it needs the store, so it sits inside it). */
function AccountLanguage() {
  useAccountLanguage();
  return null;
}

/**
 * Everything a screen of either app needs around it: the store, the MUI theme in the page's direction (without motion
 * when the system asks for reduced motion) with its style cache, the toast host, and which pages are the app's own.
 */
export function AppProviders({
  store,
  ownsPage,
  children,
}: {
  store: AppStore;
  /** the app's own pages (SiteLink): its router shows them, any other is another app's */
  ownsPage: OwnsPage;
  children: ReactNode;
}) {
  useEffect(exposeClearAllAuth, []);
  const reducedMotion = usePrefersReducedMotion();
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const theme = useMemo(() => themeFor(directionOf(language), reducedMotion), [language, reducedMotion]);
  return (
    <Provider store={store}>
      <AccountLanguage />
      <DirectionStyles language={language}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <Toasts>
            <OwnPagesProvider value={ownsPage}>{children}</OwnPagesProvider>
          </Toasts>
        </ThemeProvider>
      </DirectionStyles>
    </Provider>
  );
}
