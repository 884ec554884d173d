import { DiscountBadge as SharedDiscountBadge } from '@tullab/ui';
import { useTranslation } from 'react-i18next';
import { discountLabel } from '../offer-display';
import type { Offer } from '../offer';

/** The offer's big label (SPEC §4 "Offer card display") in the page's language. */
export function DiscountBadge({
  offer,
  size = 'medium',
}: {
  offer: Pick<Offer, 'offerType' | 'discountType' | 'discountValue'>;
  size?: 'medium' | 'large';
}) {
  const { i18n } = useTranslation('offers');
  return <SharedDiscountBadge label={discountLabel(offer, i18n.language)} size={size} />;
}
