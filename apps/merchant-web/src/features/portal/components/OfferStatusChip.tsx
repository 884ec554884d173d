import Chip, { type ChipProps } from '@mui/material/Chip';
import type { MerchantOffer } from '@tullab/contracts';
import { useTranslation } from 'react-i18next';

const colours: Record<MerchantOffer['status'], ChipProps['color']> = {
  live: 'success',
  paused: 'warning',
  draft: 'default',
  expired: 'default',
  archived: 'default',
};

/** An offer's status as a coloured chip, its word in the page's language. */
export function OfferStatusChip({ status }: { status: MerchantOffer['status'] }) {
  const { t } = useTranslation('merchant');
  return (
    <Chip
      size="small"
      color={colours[status]}
      variant={status === 'live' ? 'filled' : 'outlined'}
      label={t(`statuses.${status}`)}
    />
  );
}

/** The offer's title in the page's language: the Arabic one when there is one. */
export const offerTitle = (offer: Pick<MerchantOffer, 'title' | 'titleAr'>, language: string) =>
  language === 'ar' && offer.titleAr ? offer.titleAr : offer.title;
