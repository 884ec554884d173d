import type { ThemeOptions } from '@mui/material/styles';

/** The media query of a system set to reduce motion (WCAG 2.3.3). */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * `options` for someone whose system asks for reduced motion, in both front-ends: no MUI transition runs (every
 * `transitions.create` is 'none' and every duration 0), so dialogs, menus, popovers, collapses and notices appear and
 * leave at once, and a button's ripple shows where it was pressed or focused without growing, fading or pulsing.
 */
export function withoutMotion<Options extends ThemeOptions>(options: Options): Options {
  return {
    ...options,
    transitions: {
      ...options.transitions,
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
      ...options.components,
      MuiTouchRipple: {
        styleOverrides: {
          root: {
            '& .MuiTouchRipple-ripple.MuiTouchRipple-rippleVisible, & .MuiTouchRipple-ripple .MuiTouchRipple-child':
              { animationName: 'none' },
          },
        },
      },
    },
  };
}
