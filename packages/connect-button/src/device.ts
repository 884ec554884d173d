/** Narrower than this many CSS pixels, a window has no room for a popup beside the page. */
export const NARROW_SCREEN = 600;

/** What the button asks of the window it is in. */
export type Screen = Pick<Window, 'innerWidth'> & Partial<Pick<Window, 'matchMedia'>>;

/**
 * A phone, or anything like one: a narrow window or a coarse pointer (a finger). There a popup would cover the page
 * or open as a tab of its own, so the flow opens in the page itself.
 */
export function isPhone(screen: Screen): boolean {
  return screen.innerWidth < NARROW_SCREEN || Boolean(screen.matchMedia?.('(pointer: coarse)').matches);
}
