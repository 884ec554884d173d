import useMediaQuery from '@mui/material/useMediaQuery';
import { BRAND_GREEN, BRAND_GREEN_DARK, BRAND_GREEN_DEEP, REDUCED_MOTION, withoutMotion } from '@tullab/ui';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's default theme with Tullab's colours. The brand green is too light for text or thin lines on white
 * (links, text buttons, tabs, focused fields, radios), so `primary` is its dark shade and the brand green fills the
 * main buttons, with dark text on it. The app bar (react-admin colours it `secondary`) is the darkest brand green.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: BRAND_GREEN_DARK, dark: '#1E5A40', light: BRAND_GREEN, contrastText: '#FFFFFF' },
    secondary: { main: BRAND_GREEN_DEEP, contrastText: '#FFFFFF' },
  },
  typography: {
    ...defaultTheme.typography,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  sidebar: { ...defaultTheme.sidebar, width: 260 },
  components: {
    ...defaultTheme.components,
    MuiButton: {
      styleOverrides: {
        root: {
          variants: [
            {
              props: { variant: 'contained', color: 'primary' },
              style: {
                backgroundColor: BRAND_GREEN,
                color: BRAND_GREEN_DEEP,
                '&:hover': { backgroundColor: '#8FE0BA' },
              },
            },
          ],
        },
      },
    },
    // react-admin shows an array item's Remove button only under the mouse (visibility: hidden otherwise), which
    // keeps it from keyboards and screen readers: it is always shown here.
    RaSimpleFormIterator: {
      styleOverrides: { root: { '& .RaSimpleFormIterator-action': { visibility: 'visible' } } },
    },
  },
};

export { REDUCED_MOTION };

/** The console's theme for someone whose system asks for reduced motion, as in the student app: nothing animated. */
export const reducedMotionTheme: RaThemeOptions = withoutMotion(theme);

/** Whether the system asks for reduced motion, following a change of the setting. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION, { noSsr: true });
}
