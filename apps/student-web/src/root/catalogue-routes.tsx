import { Navigate, useLocation, useParams, type RouteObject } from 'react-router-dom';
import { onDemand } from '@tullab/web-kit/components/on-demand';
import { HomePage } from '../features/home/HomePage';
import { OFFER_PARAM } from '../features/offers/use-offer-modal';
import { paths } from '../app/paths';

const BrandApplicationPage = onDemand(() =>
  import('../features/brand-applications/BrandApplicationPage').then((m) => m.BrandApplicationPage),
);
const HowItWorksPage = onDemand(() =>
  import('../features/how-it-works/HowItWorksPage').then((m) => m.HowItWorksPage),
);

/**
 * An offer's own address (`/offers/<id>`, issue 13): the gateway sends the offer's preview for link previews, and the
 * app opens the home page with the offer's modal, as `/?offer=<id>` does (the rest of the query, `?lang=ar`, kept).
 * Closing the modal then leaves the home page.
 */
function OfferAddress() {
  const { offerId = '' } = useParams();
  const { search, hash } = useLocation();
  const query = new URLSearchParams(search);
  query.set(OFFER_PARAM, offerId);
  return <Navigate replace to={{ pathname: paths.home, search: `?${query.toString()}`, hash }} />;
}

/** The browsing side of the app: home with the offers (loaded at once), an offer's address, the page where brands apply, how it works. */
export const catalogueRoutes: RouteObject[] = [
  { id: 'home', path: paths.home, element: <HomePage /> },
  { id: 'offer', path: paths.offer, element: <OfferAddress /> },
  { id: 'for-merchants', path: paths.forMerchants, element: <BrandApplicationPage /> },
  { id: 'how-it-works', path: paths.howItWorks, element: <HowItWorksPage /> },
];
