import useMediaQuery from '@mui/material/useMediaQuery';
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

/** The media query of a system set to reduce motion (WCAG 2.3.3). */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The console's theme for someone whose system asks for reduced motion, as in the student app: no MUI transition
 * runs (every `transitions.create` is 'none' and every duration 0), so dialogs, menus, the sidebar, collapsing groups
 * and react-admin's notices appear and leave at once, and a button's ripple shows where it was pressed or focused
 * without growing, fading or pulsing.
 */
export const reducedMotionTheme: RaThemeOptions = {
  ...theme,
  transitions: {
    ...theme.transitions,
    create: () => 'none',
    getAutoHeightDuration: () => 0,
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: {
    ...theme.components,
    MuiTouchRipple: {
      styleOverrides: {
        root: {
          '& .MuiTouchRipple-ripple.MuiTouchRipple-rippleVisible, & .MuiTouchRipple-ripple .MuiTouchRipple-child':
            {
              animationName: 'none',
            },
        },
      },
    },
  },
};

/** Whether the system asks for reduced motion, following a change of the setting. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION, { noSsr: true });
}
