import CloseIcon from '@mui/icons-material/Close';
import CssBaseline from '@mui/material/CssBaseline';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { closeSnackbar, SnackbarProvider } from 'notistack';
import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { exposeClearAllAuth } from '../features/auth/session';
import { Toast, useToastHotkey } from './notify';
import type { AppStore } from './store';
import { reducedMotionTheme, theme, usePrefersReducedMotion } from './theme';

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
  const { duration } = useTheme().transitions;
  return (
    <SnackbarProvider
      maxSnack={SNACKBAR_MAX}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      transitionDuration={{ enter: duration.enteringScreen, exit: duration.leavingScreen }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      Components={toastComponents}
      action={(key) => (
        <IconButton
          aria-label="Dismiss notification"
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

/**
 * Everything a screen needs around it: the store, the MUI theme (without motion when the system asks for reduced
 * motion) and the toast host.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  useEffect(exposeClearAllAuth, []);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <Provider store={store}>
      <ThemeProvider theme={reducedMotion ? reducedMotionTheme : theme}>
        <CssBaseline />
        <Toasts>{children}</Toasts>
      </ThemeProvider>
    </Provider>
  );
}
