import Box from '@mui/material/Box';
import { enqueueSnackbar, type VariantType } from 'notistack';

export type NotifyVariant = Extract<VariantType, 'default' | 'success' | 'error' | 'warning' | 'info'>;

/**
 * The one way the app shows a toast (CONVENTIONS "Front-ends"): a title and an optional line of text, as the
 * SPEC §8 catalogue lists them (e.g. `notify('Login Failed', message, 'error')`). Needs `<AppProviders>` mounted.
 */
export function notify(title: string, message?: string, variant: NotifyVariant = 'default') {
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
