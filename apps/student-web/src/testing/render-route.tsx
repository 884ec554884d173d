import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@tullab/web-kit/providers';
import { isStudentAppPath } from '@tullab/web-kit/site-paths';
import { makeStore } from '@tullab/web-kit/store';
import { routes } from '../root/routes';

/**
 * Renders the whole app at `path` to HTML with a new store (no DOM needed: jest runs in node here).
 * Effects do not run, so nothing is fetched.
 */
export function renderRouteToHtml(path: string): string {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderToString(
    <AppProviders store={makeStore()} ownsPage={isStudentAppPath}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
