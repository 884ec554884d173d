import type { Location } from 'react-router-dom';
import { sitePaths } from '../site-paths';

/** Router state a screen sends to /login so that a successful sign-in comes back to it. */
export interface ReturnToState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export const returnHereState = (location: Location): ReturnToState => ({
  from: { pathname: location.pathname, search: location.search, hash: location.hash },
});

/** Where /login goes after success (SPEC §2: `/`, or back to where the visitor came from). */
export function returnPathOf(state: unknown): string {
  const from = (state as ReturnToState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return sitePaths.home;
  if (from.pathname === sitePaths.login) return sitePaths.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
