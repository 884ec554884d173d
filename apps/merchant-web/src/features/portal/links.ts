import { paths } from '../../app/paths';

/** The merchant portal's page of one of the brand's offers. */
export const merchantOfferPath = (offerId: string) =>
  paths.merchantOffer.replace(':offerId', encodeURIComponent(offerId));
