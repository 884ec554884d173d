import { paths } from '../../app/paths';

/** The merchant portal's page of one of the brand's offers. */
export const merchantOfferPath = (offerId: string) =>
  paths.merchantOffer.replace(':offerId', encodeURIComponent(offerId));

/** The guide for brands' developers to "Verify with Tullab" (issue 30): a page of the site, outside the portal. */
export const CONNECT_DOCS_PATH = '/docs/connect';
