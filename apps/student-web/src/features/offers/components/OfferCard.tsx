import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { brandOf, CARD_LOGO_SIZE, OfferCard as SharedOfferCard } from '@tullab/ui';
import { useCategoryLabel } from './category-label';
import { discountLabel, formatOfferDate } from '../offer-display';
import type { OfferSummary } from '../offer';
import { Placeholder } from './Placeholder';
import { SaveButton } from './SaveButton';

export interface OfferCardProps {
  offer: OfferSummary;
  onOpen: (offer: OfferSummary) => void;
}

/**
 * One offer in the grid (SPEC §4 "Offer card display"), in the page's language. A click anywhere on the card opens
 * the offer; keyboard users reach the same thing through its 'Get Offer' button, whose click bubbles to the card.
 */
export const OfferCard = memo(function OfferCard({ offer, onOpen }: OfferCardProps) {
  const { t, i18n } = useTranslation('offers');
  const categoryLabel = useCategoryLabel();
  const brand = brandOf(offer);
  const validUntil = formatOfferDate(offer.expiresAt, i18n.language);

  return (
    <SharedOfferCard
      headingId={`offer-${offer.id}-brand`}
      logoUrl={offer.logoUrl}
      onOpen={() => onOpen(offer)}
      action={<SaveButton offer={offer} />}
      texts={{
        brand,
        logo: t('card.logo', { name: brand }),
        category: categoryLabel(offer.businessCategory),
        label: discountLabel(offer, i18n.language),
        title: offer.title,
        description: offer.description ?? offer.businessDescription,
        validity: validUntil ? t('card.validUntil', { date: validUntil }) : null,
        getOffer: t('card.getOffer'),
        getOfferFrom: t('card.getOfferFrom', { brand }),
      }}
    />
  );
});

/** The loading state's stand-in for a card, the same size as one. */
export function OfferCardSkeleton() {
  return (
    <div className="offer-card offer-card-skeleton">
      <div className="offer-card-brand">
        <Placeholder width={CARD_LOGO_SIZE} height={CARD_LOGO_SIZE} />
        <div className="offer-card-skeleton-lines">
          <Placeholder width="60%" />
          <Placeholder width="35%" />
        </div>
      </div>
      <Placeholder width="40%" height={32} />
      <div className="offer-card-skeleton-lines">
        <Placeholder />
        <Placeholder width="80%" />
      </div>
      <div className="offer-card-footer">
        <Placeholder width="35%" />
        <Placeholder width={96} height={36} />
      </div>
    </div>
  );
}
