// The toast host: notistack and the toast's look, loaded after the page's first render (notify.tsx shows through it).
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import {
  closeSnackbar,
  enqueueSnackbar,
  MaterialDesignContent,
  SnackbarProvider,
  type CustomContentProps,
} from 'notistack';
import { forwardRef, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toastHostMounted, type NotifyVariant } from './toast-ready';

/** SPEC §9 notifications: one visible at a time, shown for 5 s. */
export const SNACKBAR_MAX = 1;
export const SNACKBAR_AUTO_HIDE_MS = 5000;

/** Shows a toast, replacing the one on screen (SPEC §9: one at a time, the newest instead of waiting behind it). */
export function showToast(content: ReactNode, variant: NotifyVariant): void {
  closeSnackbar();
  enqueueSnackbar(content, { variant });
}

/** SPEC §9: a toast swiped at least this far to the right is dismissed. */
export const SWIPE_DISMISS_PX = 50;

/** Horizontal drag of a toast: follows the pointer to the right and calls `onDismiss` past the threshold. */
function useSwipeToDismiss(onDismiss: () => void) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const distance = (event: PointerEvent) => (startX.current === null ? 0 : event.clientX - startX.current);
  const end = (event: PointerEvent) => {
    const swiped = distance(event) >= SWIPE_DISMISS_PX;
    startX.current = null;
    setOffset(0);
    if (swiped) onDismiss();
  };
  return {
    style: offset > 0 ? { transform: `translateX(${offset}px)`, opacity: 1 - offset / 300 } : undefined,
    onPointerDown: (event: PointerEvent) => {
      startX.current = event.clientX;
    },
    onPointerMove: (event: PointerEvent) => setOffset(Math.max(0, distance(event))),
    onPointerUp: end,
    onPointerCancel: () => {
      startX.current = null;
      setOffset(0);
    },
  };
}

/**
 * notistack's toast with SPEC §9's extras: at most 420 px wide from medium screens up, and swipe right to dismiss.
 * The outer box takes notistack's ref (its slide transition moves it); the inner one follows the finger.
 */
export const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast(props, ref) {
  const swipe = useSwipeToDismiss(() => closeSnackbar(props.id));
  return (
    <Box ref={ref} sx={{ maxWidth: { md: 420 } }}>
      <Box
        {...swipe}
        sx={{
          touchAction: 'pan-y',
          transition: (t) => t.transitions.create('opacity', { duration: 120, easing: 'ease' }),
        }}
      >
        <MaterialDesignContent {...props} />
      </Box>
    </Box>
  );
});

const toastComponents = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

/**
 * The toast host. Toasts slide in and out as long as the theme's screen transitions take (MUI's and notistack's
 * defaults alike: 225 ms in, 195 ms out), so not at all with reduced motion.
 */
export default function ToastHost() {
  const { t } = useTranslation();
  const { direction, transitions } = useTheme();
  const { duration } = transitions;
  useEffect(toastHostMounted, []);
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
    />
  );
}
