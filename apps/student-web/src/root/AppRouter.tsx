import { BrowserRouter, useRoutes } from 'react-router-dom';
import { routes } from './routes';

function Pages() {
  return useRoutes(routes);
}

/**
 * The route table (routes.tsx) on the browser's address bar and history. A plain BrowserRouter: the app uses none of
 * the data router's features (loaders, actions), and leaving them out keeps its code smaller.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Pages />
    </BrowserRouter>
  );
}
