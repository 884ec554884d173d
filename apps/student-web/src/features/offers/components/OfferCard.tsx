import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoryLabel } from './category-label';
import { brandOf, formatOfferDate } from '../offer-display';
import type { OfferSummary } from '../offer';
import { BrandLogo } from './BrandLogo';
import { DiscountBadge } from './DiscountBadge';
import { Placeholder } from './Placeholder';
import { SaveButton } from './SaveButton';
import './OfferCard.css';

const CARD_LOGO_SIZE = 56;

export interface OfferCardProps {
  offer: OfferSummary;
  onOpen: (offer: OfferSummary) => void;
}

/**
 * One offer in the grid (SPEC §4 "Offer card display"). A click anywhere on the card opens the offer; keyboard
 * users reach the same thing through its 'Get Offer' button, whose click bubbles to the card. Cards share one
 * height (OfferCard.css), so a row never jumps as cards load or filters change.
 */
export const OfferCard = memo(function OfferCard({ offer, onOpen }: OfferCardProps) {
  const { t, i18n } = useTranslation('offers');
  const categoryLabel = useCategoryLabel();
  const brand = brandOf(offer);
  const validUntil = formatOfferDate(offer.expiresAt, i18n.language);
  const category = categoryLabel(offer.businessCategory);
  const headingId = `offer-${offer.id}-brand`;

  return (
    <article className="offer-card" aria-labelledby={headingId} onClick={() => onOpen(offer)}>
      <div className="offer-card-brand">
        <BrandLogo name={brand} src={offer.logoUrl} size={CARD_LOGO_SIZE} />
        <div>
          <h3 id={headingId} className="offer-card-name">
            {brand}
          </h3>
          {category ? <span className="offer-card-category">{category}</span> : null}
        </div>
        <SaveButton offer={offer} />
      </div>

      <DiscountBadge offer={offer} />

      <div className="offer-card-body">
        <p className="offer-card-title" dir="auto">
          {offer.title}
        </p>
        {offer.description || offer.businessDescription ? (
          <p className="offer-card-description" dir="auto">
            {offer.description ?? offer.businessDescription}
          </p>
        ) : null}
      </div>

      <div className="offer-card-footer">
        <span className="offer-card-validity">
          {validUntil ? t('card.validUntil', { date: validUntil }) : null}
        </span>
        <button type="button" className="offer-card-action" aria-label={t('card.getOfferFrom', { brand })}>
          {t('card.getOffer')}
        </button>
      </div>
    </article>
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
