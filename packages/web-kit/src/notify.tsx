import Box from '@mui/material/Box';
import { hostReady, type NotifyVariant } from './toast-ready';
import { useEffect } from 'react';

export type { NotifyVariant } from './toast-ready';

/**
 * The one way the app shows a toast (CONVENTIONS "Front-ends"): a title and an optional line of text, as the
 * SPEC §8 catalogue lists them (e.g. `notify('Login Failed', message, 'error')`). Needs `<AppProviders>` mounted.
 * The toast library comes with the first page's host, after the page itself (issue 29: not on the home page's
 * budget), so a toast asked for before it has arrived shows as soon as it has.
 */
export function notify(title: string, message?: string, variant: NotifyVariant = 'default'): void {
  const content = (
    <Box component="span" sx={{ display: 'block' }}>
      <Box component="strong" sx={{ display: 'block' }}>
        {title}
      </Box>
      {message ? <Box component="span">{message}</Box> : null}
    </Box>
  );
  void Promise.all([import('./toast-host'), hostReady]).then(([{ showToast }]) =>
    showToast(content, variant),
  );
}

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
