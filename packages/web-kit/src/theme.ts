import { createTheme, type ThemeOptions } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  BRAND_GREEN,
  BRAND_GREEN_DARK,
  BRAND_GREEN_DEEP,
  BRAND_GREEN_LIGHT,
  REDUCED_MOTION,
  withoutMotion,
} from '@tullab/ui';

/** SPEC §4: the yellow warning badge of a student who is not verified. */
export const WARNING_YELLOW = '#FACC15';

const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The keyboard focus ring: dark green, 3:1 or better against white and the brand green. */
const FOCUS_RING = '#1B5E3F';

/**
 * The brand green is light: white text on it fails WCAG contrast, so buttons get a dark green text colour, and green
 * text on white (links, outlined and text buttons, a focused field's label) uses `primary.dark` (5:1 on white).
 */
const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: {
      main: BRAND_GREEN,
      dark: BRAND_GREEN_DARK,
      light: BRAND_GREEN_LIGHT,
      contrastText: BRAND_GREEN_DEEP,
    },
    secondary: { main: BRAND_GREEN_DEEP, contrastText: '#FFFFFF' },
    background: { default: '#F7FAF8', paper: '#FFFFFF' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: SYSTEM_FONTS,
    h1: { fontWeight: 800 },
    h2: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Every focusable thing shows a ring; text fields show focus with their own border instead.
        ':focus-visible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2 },
        'input:focus-visible, textarea:focus-visible': { outline: 'none' },
        '.MuiCheckbox-root.Mui-focusVisible, .MuiSwitch-switchBase.Mui-focusVisible, .MuiRadio-root.Mui-focusVisible':
          {
            outline: `3px solid ${FOCUS_RING}`,
          },
      },
    },
    MuiLink: {
      styleOverrides: {
        root: ({ theme: t }) => ({ color: t.palette.primary.dark }),
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: ({ ownerState, theme: t }) =>
          ownerState.color === 'primary' && ownerState.variant !== 'contained'
            ? { color: t.palette.primary.dark, borderColor: t.palette.primary.dark }
            : {},
      },
    },
    MuiFormLabel: {
      styleOverrides: {
        root: ({ theme: t }) => ({ '&.Mui-focused:not(.Mui-error)': { color: t.palette.primary.dark } }),
      },
    },
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
  },
};

export const theme = createTheme(themeOptions);

export { REDUCED_MOTION };

/** Arabic is set in Noto Sans Arabic (self-hosted, loaded only for Arabic), Latin text within it in the system font. */
export const ARABIC_FONT_FAMILY = `"Noto Sans Arabic", ${SYSTEM_FONTS}`;

/** The theme when the system asks for reduced motion: the same look, nothing animated. */
export const reducedMotionTheme = createTheme(withoutMotion(themeOptions));

/**
 * The theme for a page in `direction` (issue 12): right to left for Arabic, with its font, MUI mirroring components
 * (the Emotion RTL plugin mirrors their styles, see i18n/direction), and without motion when the system asks.
 */
export function themeFor(direction: 'ltr' | 'rtl', reducedMotion: boolean) {
  if (direction === 'ltr') return reducedMotion ? reducedMotionTheme : theme;
  const options: ThemeOptions = {
    ...themeOptions,
    direction,
    typography: { ...themeOptions.typography, fontFamily: ARABIC_FONT_FAMILY },
  };
  return createTheme(reducedMotion ? withoutMotion(options) : options);
}

/** Whether the system asks for reduced motion, following a change of the setting. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION, { noSsr: true });
}

/** Whether the system asks for reduced motion now, for a one-off effect such as scrolling to a section. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia?.(REDUCED_MOTION).matches ?? false;
}
