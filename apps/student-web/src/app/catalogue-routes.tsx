import type { RouteObject } from 'react-router-dom';
import { onDemand } from '../components/on-demand';
import { HomePage } from '../features/home/HomePage';
import { paths } from './paths';

const MerchantsPage = onDemand(() =>
  import('../features/merchants/MerchantsPage').then((m) => m.MerchantsPage),
);
const HowItWorksPage = onDemand(() =>
  import('../features/how-it-works/HowItWorksPage').then((m) => m.HowItWorksPage),
);

/** The browsing side of the app: home with the offers (loaded at once), the merchant page, how it works. */
export const catalogueRoutes: RouteObject[] = [
  { id: 'home', path: paths.home, element: <HomePage /> },
  { id: 'for-merchants', path: paths.forMerchants, element: <MerchantsPage /> },
  { id: 'how-it-works', path: paths.howItWorks, element: <HowItWorksPage /> },
];
