import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { OwnsPage } from '../components/SiteLink';
import { AppProviders } from '../providers';
import { makeStore, type AppStore } from '../store';

export interface RenderSettings {
  store?: AppStore;
  /** the app's own pages, as its AppProviders gets them */
  ownsPage: OwnsPage;
}

/**
 * Renders a component with everything around it (store, theme, toasts, a router at `path`), with a new store each
 * time unless one is given (CONVENTIONS "Tests"). Returns Testing Library's queries plus the store.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    store = makeStore(),
    path = '/',
    ownsPage,
    ...options
  }: RenderSettings & { path?: string } & RenderOptions,
) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return {
    store,
    ...render(
      <AppProviders store={store} ownsPage={ownsPage}>
        <RouterProvider router={router} />
      </AppProviders>,
      options,
    ),
  };
}

/** Renders an app's route table at `path`, with a new store unless one is given. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  { store = makeStore(), ownsPage }: RenderSettings,
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    store,
    router,
    ...render(
      <AppProviders store={store} ownsPage={ownsPage}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}
