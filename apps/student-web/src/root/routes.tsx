import type { RouteObject } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { NotFoundPage } from '@tullab/web-kit/components/NotFoundPage';
import { accountRoutes } from './account-routes';
import { catalogueRoutes } from './catalogue-routes';

export const NOT_FOUND_ROUTE_ID = 'not-found';

/** The route table (SPEC §2): every page inside the shared layout, and a fallback for every other path. */
export const routes: RouteObject[] = [
  {
    id: 'layout',
    element: <Layout />,
    children: [
      ...catalogueRoutes,
      ...accountRoutes,
      { id: NOT_FOUND_ROUTE_ID, path: '*', element: <NotFoundPage /> },
    ],
  },
];
