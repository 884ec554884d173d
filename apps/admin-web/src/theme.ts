import useMediaQuery from '@mui/material/useMediaQuery';
import { REDUCED_MOTION, withoutMotion } from '@tullab/ui';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Tullab's brand green (SPEC §9), as in the student app. */
export const BRAND_GREEN = '#57CC97';
/** The dark shade of the brand green: readable on white (5.3:1), unlike the brand green itself (2:1). */
export const BRAND_GREEN_DARK = '#2E7D5B';
/** The darkest brand green, for text on the brand green and for the app bar. */
export const BRAND_GREEN_DEEP = '#0B2E1F';

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
