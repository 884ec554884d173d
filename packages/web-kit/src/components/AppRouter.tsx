import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';

function Pages({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * An app's route table on the browser's address bar and history. A plain BrowserRouter: the apps use none of the
 * data router's features (loaders, actions), and leaving them out keeps their code smaller.
 */
export function AppRouter({ routes }: { routes: RouteObject[] }) {
  return (
    <BrowserRouter>
      <Pages routes={routes} />
    </BrowserRouter>
  );
}
