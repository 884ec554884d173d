import Box from '@mui/material/Box';
import {
  closeSnackbar,
  enqueueSnackbar,
  MaterialDesignContent,
  type CustomContentProps,
  type VariantType,
} from 'notistack';
import { forwardRef, useEffect, useRef, useState, type PointerEvent } from 'react';

export type NotifyVariant = Extract<VariantType, 'default' | 'success' | 'error' | 'warning' | 'info'>;

/**
 * The one way the app shows a toast (CONVENTIONS "Front-ends"): a title and an optional line of text, as the
 * SPEC §8 catalogue lists them (e.g. `notify('Login Failed', message, 'error')`). Needs `<AppProviders>` mounted.
 */
export function notify(title: string, message?: string, variant: NotifyVariant = 'default') {
  // one at a time (SPEC §9): the newest replaces the one on screen instead of waiting behind it
  closeSnackbar();
  return enqueueSnackbar(
    <Box component="span" sx={{ display: 'block' }}>
      <Box component="strong" sx={{ display: 'block' }}>
        {title}
      </Box>
      {message ? <Box component="span">{message}</Box> : null}
    </Box>,
    { variant },
  );
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

/** SPEC §9: F8 moves keyboard focus to the visible toast (its dismiss button), as a toast viewport hotkey. */
export function useToastHotkey() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      const target = document.querySelector<HTMLElement>('.notistack-SnackbarContainer button');
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
