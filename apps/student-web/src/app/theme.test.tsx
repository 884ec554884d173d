import { useTheme } from '@mui/material/styles';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from '@tullab/web-kit/testing/stub-api';
import { OfferModal } from '../features/offers/components/OfferModal';
import { makeOffer } from '../features/offers/testing/offer-factory';
import { renderWithProviders } from '../testing/render';
import { REDUCED_MOTION, reducedMotionTheme, theme } from '@tullab/web-kit/theme';

/**
 * The system's reduced-motion setting as `window.matchMedia` reports it (jsdom has none), with a way to change it
 * while the app runs, as a person does in the system settings.
 */
function systemMotionSetting(reduce: boolean) {
  let matches = reduce;
  const listeners = new Set<() => void>();
  const matchMedia = (media: string) => ({
    media,
    get matches() {
      return media === REDUCED_MOTION && matches;
    },
    onchange: null,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => true,
  });
  Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true, writable: true });
  return {
    change(reduceNow: boolean) {
      matches = reduceNow;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

afterEach(() => {
  jest.restoreAllMocks();
  delete (window as { matchMedia?: unknown }).matchMedia;
});

const offer = makeOffer({ id: 'f1', brandName: 'Fitlane' });

/** The offer modal as a visitor opens it; 'Share this offer' then shows the 'Link Copied!' toast. */
async function openOfferModal() {
  stubApi({ 'POST /api/analytics': { status: 202, body: {} } });
  renderWithProviders(<OfferModal offer={offer} open onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: /Fitlane/ });
  await screen.findByText('Student Login Required');
  return dialog;
}

/** The inline transitions MUI sets on what fades in with the dialog: its container and the backdrop behind it. */
function dialogTransitions(dialog: HTMLElement) {
  const container = dialog.closest<HTMLElement>('.MuiDialog-container');
  const backdrop = document.querySelector<HTMLElement>('.MuiBackdrop-root');
  return [container?.style.transition, backdrop?.style.transition];
}

/**
 * Shows the 'Link Copied!' toast and gives the inline transition of what notistack slides in. (The open modal hides
 * the toast from assistive technology, so it is found by its text.)
 */
async function toastTransition() {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Share this offer' }));
  const toast = await screen.findByText('Link Copied!');
  return toast.closest<HTMLElement>('.notistack-Snackbar > *')?.style.transition;
}

describe('reduced motion (prefers-reduced-motion)', () => {
  test('when the system asks for reduced motion, the offer modal appears without fading and a toast without sliding', async () => {
    systemMotionSetting(true);
    const dialog = await openOfferModal();
    expect(dialogTransitions(dialog)).toEqual(['none', 'none']);
    expect(await toastTransition()).toMatch(/^transform 0ms /);
  });

  test('otherwise the offer modal fades in and a toast slides in, as MUI and notistack animate them', async () => {
    systemMotionSetting(false);
    const dialog = await openOfferModal();
    expect(dialogTransitions(dialog)).toEqual([
      expect.stringMatching(/^opacity 225ms /),
      expect.stringMatching(/^opacity 225ms /),
    ]);
    expect(await toastTransition()).toMatch(/^transform 225ms /);
  });

  test('a change of the system setting applies at once, without a reload', () => {
    const setting = systemMotionSetting(false);
    function Transition() {
      return <p>{useTheme().transitions.create('opacity')}</p>;
    }
    renderWithProviders(<Transition />);
    screen.getByText(/^opacity 300ms /);
    setting.change(true);
    screen.getByText('none');
    setting.change(false);
    screen.getByText(/^opacity 300ms /);
  });

  test('the reduced-motion theme has no transition, no duration and no ripple animation, and the same look', () => {
    const { transitions } = reducedMotionTheme;
    expect(transitions.create(['opacity', 'transform'], { duration: 500 })).toBe('none');
    expect(Object.values(transitions.duration)).toEqual(Object.values(transitions.duration).map(() => 0));
    expect(transitions.getAutoHeightDuration(800)).toBe(0);
    const ripple = reducedMotionTheme.components?.MuiTouchRipple?.styleOverrides?.root;
    expect(Object.values(ripple as object)).toEqual([{ animationName: 'none' }]);
    const { primary, secondary, background } = reducedMotionTheme.palette;
    expect({ primary, secondary, background }).toEqual({
      primary: theme.palette.primary,
      secondary: theme.palette.secondary,
      background: theme.palette.background,
    });
    expect(reducedMotionTheme.typography.fontFamily).toBe(theme.typography.fontFamily);
    expect(reducedMotionTheme.components?.MuiButton).toEqual(theme.components?.MuiButton);
  });
});
