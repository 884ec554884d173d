import { createTheme } from '@mui/material/styles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { verification } from './testing/fixtures';
import { renderConsole } from './testing/render-console';
import { listReply } from './testing/stub-api';
import { REDUCED_MOTION, reducedMotionTheme, theme } from './theme';

/** The system's reduced-motion setting as `window.matchMedia` reports it (jsdom has none). */
function systemMotionSetting(reduce: boolean) {
  const matchMedia = (media: string) => ({
    media,
    matches: reduce && media === REDUCED_MOTION,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => true,
  });
  Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true, writable: true });
}

afterEach(() => {
  jest.restoreAllMocks();
  delete (window as { matchMedia?: unknown }).matchMedia;
});

const record = verification();
const SHOW = `/verifications/${record.id}/show`;

/** The longest duration or delay, in ms, of the transition MUI set on `element` (0 for 'none' or none at all). */
function transitionMs(element: Element | null): number {
  const transition = (element as HTMLElement | null)?.style.transition ?? '';
  return Math.max(0, ...[...transition.matchAll(/(\d+(?:\.\d+)?)ms/g)].map((match) => Number(match[1])));
}

/**
 * Approves a pending request on its show page and gives how long the confirmation dialog (its container and
 * backdrop) and then react-admin's 'Verification approved' notice take to appear.
 */
async function approveAndTime() {
  renderConsole(SHOW, {
    [`GET /api/admin/verifications/${record.id}`]: { body: record },
    'GET /api/admin/verifications': listReply('verifications', [record]),
    [`GET /api/admin/verifications/${record.id}/document`]: {
      bytes: { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), type: 'image/png' },
    },
    [`POST /api/admin/verifications/${record.id}/approve`]: { body: { ...record, status: 'approved' } },
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Approve' }));
  const dialog = await screen.findByRole('dialog', { name: 'Approve this verification?' });
  const dialogMs = [
    transitionMs(dialog.closest('.MuiDialog-container')),
    transitionMs(document.querySelector('.MuiBackdrop-root')),
  ];
  await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
  const notice = await screen.findByText('Verification approved');
  return { dialogMs, noticeMs: transitionMs(notice.closest('.MuiSnackbar-root > *')) };
}

describe('reduced motion (prefers-reduced-motion)', () => {
  test('when the system asks for reduced motion, a dialog and a notice appear without any transition', async () => {
    systemMotionSetting(true);
    expect(await approveAndTime()).toEqual({ dialogMs: [0, 0], noticeMs: 0 });
  });

  test('otherwise they fade and grow in as MUI animates them', async () => {
    systemMotionSetting(false);
    expect(await approveAndTime()).toEqual({ dialogMs: [225, 225], noticeMs: 225 });
  });

  test('the reduced-motion theme has no transition, no duration and no ripple animation, and the same look', () => {
    const reduced = createTheme(reducedMotionTheme);
    const usual = createTheme(theme);
    expect(reduced.transitions.create(['opacity', 'transform'], { duration: 500 })).toBe('none');
    expect(Object.values(reduced.transitions.duration)).toEqual(
      Object.values(reduced.transitions.duration).map(() => 0),
    );
    expect(reduced.transitions.getAutoHeightDuration(800)).toBe(0);
    const ripple = reduced.components?.MuiTouchRipple?.styleOverrides?.root;
    expect(Object.values(ripple as object)).toEqual([{ animationName: 'none' }]);
    expect(reduced.palette.primary).toEqual(usual.palette.primary);
    expect(reduced.palette.secondary).toEqual(usual.palette.secondary);
    expect(reduced.typography.fontFamily).toBe(usual.typography.fontFamily);
    expect(reduced.components?.MuiButton).toEqual(usual.components?.MuiButton);
  });
});
