import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { DISCOUNTS_ANCHOR } from '../../app/paths';
import { OfferBrowser } from '../offers/components/OfferBrowser';
import { PartnerCarousel } from './components/PartnerCarousel';
import { PressStrip } from './components/PressStrip';
import { TrustIndicators } from './components/TrustIndicators';
import { scrollToSection } from './scroll-to-section';
import './HomePage.css';

export const HOME_HEADLINE = 'The First Student Offer Platform in the UAE';
const HOME_SUBTITLE = 'Exclusive savings on well-known brands, verified for students only.';

const OFFERS_HEADING_ID = 'home-offers-heading';

/**
 * SPEC §2 Home: hero with trust indicators, partner carousel, the offers, the press strip (the footer is shared).
 * index.html paints the hero before this code has run, and this one replaces it without moving a pixel.
 */
export function HomePage() {
  return (
    <>
      <title>Tullab — Student discounts in the UAE</title>
      {/* Plain elements with the classes index.html styles: the same hero as the one it paints first. */}
      <section className="hero" aria-labelledby="home-hero-heading">
        <div className="hero-content">
          <h1 id="home-hero-heading" className="hero-title">
            {HOME_HEADLINE}
          </h1>
          <p className="hero-subtitle">{HOME_SUBTITLE}</p>
          <a
            className="hero-action"
            href={`#${DISCOUNTS_ANCHOR}`}
            onClick={(event) => {
              event.preventDefault();
              scrollToSection(DISCOUNTS_ANCHOR, OFFERS_HEADING_ID);
            }}
          >
            Start Saving Now
            <ArrowDownwardIcon />
          </a>
          <TrustIndicators />
        </div>
      </section>

      <PartnerCarousel />

      <section id={DISCOUNTS_ANCHOR} aria-labelledby={OFFERS_HEADING_ID} className="home-offers">
        <div className="home-section-content">
          <h2 id={OFFERS_HEADING_ID} tabIndex={-1} className="home-section-heading">
            Exclusive Student Offers
          </h2>
          <p className="home-offers-intro">
            Save on everything from food to fashion with verified student offers
          </p>
          <OfferBrowser />
        </div>
      </section>

      <PressStrip />
    </>
  );
}
