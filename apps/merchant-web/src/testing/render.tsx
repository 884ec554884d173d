import type { RenderOptions } from '@testing-library/react';
import { isMerchantPortalPath } from '@tullab/web-kit/site-paths';
import type { AppStore } from '@tullab/web-kit/store';
import { renderRoutes, renderWithProviders as renderInKit } from '@tullab/web-kit/testing/render';
import type { ReactElement } from 'react';
import { routes } from '../root/routes';

/** Renders a component of the portal with everything around it, with a new store unless one is given. */
export const renderWithProviders = (
  ui: ReactElement,
  options: { store?: AppStore; path?: string } & RenderOptions = {},
) => renderInKit(ui, { path: '/merchant', ...options, ownsPage: isMerchantPortalPath });

/** Renders the whole portal at `path` (its real route table), with a new store unless one is given. */
export const renderApp = (path: string, { store }: { store?: AppStore } = {}) =>
  renderRoutes(routes, path, { store, ownsPage: isMerchantPortalPath });
