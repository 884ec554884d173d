import type { RouteObject } from 'react-router-dom';
import { onDemand } from '@tullab/web-kit/components/on-demand';
import { paths } from '../app/paths';

const MerchantArea = onDemand(() => import('../features/merchant/MerchantArea').then((m) => m.MerchantArea));

/**
 * The merchant portal (issue 16, decision 016): one route for all of `/merchant/…`, whose own table
 * (features/merchant/MerchantArea) loads on first visit, so the home page's code does not grow with the portal.
 */
export const merchantRoutes: RouteObject[] = [
  { id: 'merchant', path: `${paths.merchant}/*`, element: <MerchantArea /> },
];
