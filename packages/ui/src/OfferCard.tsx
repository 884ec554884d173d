import type { ReactNode } from 'react';
import { BrandLogo } from './BrandLogo';
import { DiscountBadge } from './DiscountBadge';
import type { DiscountLabel } from './display';
import './button.css';
import './OfferCard.css';

/** The side of a card's logo, in px; a loading card reserves the same. */
export const CARD_LOGO_SIZE = 56;

/** A card's texts, already in the reader's language. */
export interface OfferCardTexts {
  brand: string;
  logo: string;
  category: string | null;
  label: DiscountLabel;
  title: string;
  description: string | null;
  /** 'Valid until 31 Dec 2025', or null without an expiry */
  validity: string | null;
  getOffer: string;
  /** the button's accessible name ('Get Offer from Desert Bloom') */
  getOfferFrom: string;
}

export interface OfferCardProps {
  /** the id of the brand's heading, which names the card */
  headingId: string;
  logoUrl: string | null;
  texts: OfferCardTexts;
  /** drawn beside the brand (the student app's save button) */
  action?: ReactNode;
  onOpen?: () => void;
}

/**
 * One offer card (SPEC §4 "Offer card display"): logo, brand, category, the discount label, title and description,
 * 'Valid until' and the 'Get Offer' button, whose click bubbles to the card. Cards share one height (OfferCard.css).
 */
export function OfferCard({ headingId, logoUrl, texts, action, onOpen }: OfferCardProps) {
  return (
    <article className="offer-card" aria-labelledby={headingId} onClick={onOpen}>
      <div className="offer-card-brand">
        <BrandLogo name={texts.brand} label={texts.logo} src={logoUrl} size={CARD_LOGO_SIZE} />
        <div>
          <h3 id={headingId} className="offer-card-name">
            {texts.brand}
          </h3>
          {texts.category ? <span className="offer-card-category">{texts.category}</span> : null}
        </div>
        {action}
      </div>

      <DiscountBadge label={texts.label} />

      <div className="offer-card-body">
        <p className="offer-card-title" dir="auto">
          {texts.title}
        </p>
        {texts.description ? (
          <p className="offer-card-description" dir="auto">
            {texts.description}
          </p>
        ) : null}
      </div>

      <div className="offer-card-footer">
        <span className="offer-card-validity">{texts.validity}</span>
        <button type="button" className="tullab-button offer-card-action" aria-label={texts.getOfferFrom}>
          {texts.getOffer}
        </button>
      </div>
    </article>
  );
}
