import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { HomePage } from '../features/home/HomePage';
import { paths } from './paths';

/** The browsing side of the app: home with the offers, the merchant page, how it works. */
export const catalogueRoutes: RouteObject[] = [
  { id: 'home', path: paths.home, element: <HomePage /> },
  {
    id: 'for-merchants',
    path: paths.forMerchants,
    element: <PlaceholderPage title="Join as a Merchant" />,
  },
  { id: 'how-it-works', path: paths.howItWorks, element: <PlaceholderPage title="How It Works" /> },
];
