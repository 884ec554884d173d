import type { RenderOptions } from '@testing-library/react';
import { isStudentAppPath } from '@tullab/web-kit/site-paths';
import type { AppStore } from '@tullab/web-kit/store';
import { renderRoutes, renderWithProviders as renderInKit } from '@tullab/web-kit/testing/render';
import type { ReactElement } from 'react';
import { routes } from '../root/routes';

/**
 * Renders a component with everything around it (store, theme, toasts, a router at `path`), with a new store each
 * time unless one is given (CONVENTIONS "Tests"). Returns Testing Library's queries plus the store.
 */
export const renderWithProviders = (
  ui: ReactElement,
  options: { store?: AppStore; path?: string } & RenderOptions = {},
) => renderInKit(ui, { ...options, ownsPage: isStudentAppPath });

/** Renders the whole app at `path` (the real route table), with a new store unless one is given. */
export const renderApp = (path: string, { store }: { store?: AppStore } = {}) =>
  renderRoutes(routes, path, { store, ownsPage: isStudentAppPath });
