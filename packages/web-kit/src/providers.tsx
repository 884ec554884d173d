import CloseIcon from '@mui/icons-material/Close';
import CssBaseline from '@mui/material/CssBaseline';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { closeSnackbar, SnackbarProvider } from 'notistack';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { exposeClearAllAuth } from './session/session';
import { Toast, useToastHotkey } from './notify';
import type { AppStore } from './store';
import { useAccountLanguage } from './account-language';
import { OwnPagesProvider, type OwnsPage } from './components/SiteLink';
import { DirectionStyles } from './i18n/direction';
import { DEFAULT_LANGUAGE, directionOf, isLanguage } from './i18n/languages';
import { themeFor, usePrefersReducedMotion } from './theme';

/** SPEC §9 notifications: one visible at a time, shown for 5 s. */
export const SNACKBAR_MAX = 1;
export const SNACKBAR_AUTO_HIDE_MS = 5000;

const toastComponents = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

/**
 * The toast host, with the F8 hotkey that reaches it. Toasts slide in and out as long as the theme's screen
 * transitions take (MUI's and notistack's defaults alike: 225 ms in, 195 ms out), so not at all with reduced motion.
 */
function Toasts({ children }: { children: ReactNode }) {
  useToastHotkey();
  const { t } = useTranslation();
  const { direction, transitions } = useTheme();
  const { duration } = transitions;
  return (
    <SnackbarProvider
      maxSnack={SNACKBAR_MAX}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      transitionDuration={{ enter: duration.enteringScreen, exit: duration.leavingScreen }}
      anchorOrigin={{ vertical: 'bottom', horizontal: direction === 'rtl' ? 'left' : 'right' }}
      Components={toastComponents}
      action={(key) => (
        <IconButton
          aria-label={t('toast.dismiss')}
          color="inherit"
          size="small"
          onClick={() => closeSnackbar(key)}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    >
      {children}
    </SnackbarProvider>
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
