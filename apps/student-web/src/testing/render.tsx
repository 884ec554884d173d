import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../root/providers';
import { routes } from '../root/routes';
import { makeStore, type AppStore } from '../app/store';

/**
 * Renders a component with everything around it (store, theme, toasts, a router at `path`), with a new store each
 * time unless one is given (CONVENTIONS "Tests"). Returns Testing Library's queries plus the store.
 */
export function renderWithProviders(
  ui: ReactElement,
  { store = makeStore(), path = '/', ...options }: { store?: AppStore; path?: string } & RenderOptions = {},
) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return {
    store,
    ...render(
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>,
      options,
    ),
  };
}

/** Renders the whole app at `path` (the real route table), with a new store unless one is given. */
export function renderApp(path: string, { store = makeStore() }: { store?: AppStore } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    store,
    router,
    ...render(
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}
