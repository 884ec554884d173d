import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Tullab's brand green (SPEC §9), as in the student app. */
export const BRAND_GREEN = '#57CC97';

/**
 * react-admin's default theme with Tullab's colours. The brand green is light, so text on it is dark green and
 * the app bar (react-admin colours it `secondary`) is the dark brand green.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: BRAND_GREEN, dark: '#2E7D5B', light: '#8FE0BA', contrastText: '#0B2E1F' },
    secondary: { main: '#0B2E1F', contrastText: '#FFFFFF' },
  },
  typography: {
    ...defaultTheme.typography,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
};
