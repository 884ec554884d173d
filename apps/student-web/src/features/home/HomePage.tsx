import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useTranslation } from 'react-i18next';
import { DISCOUNTS_ANCHOR } from '../../app/paths';
import english from '../../i18n/locales/en/home.json';
import { OfferBrowser } from '../offers/components/OfferBrowser';
import { PartnerCarousel } from './components/PartnerCarousel';
import { PressStrip } from './components/PressStrip';
import { TrustIndicators } from './components/TrustIndicators';
import { scrollToSection } from './scroll-to-section';
import './HomePage.css';

/** The SPEC's headline, as the English catalogue has it (the page shows it in its own language). */
export const HOME_HEADLINE = english.hero.title;

const OFFERS_HEADING_ID = 'home-offers-heading';

/**
 * SPEC §2 Home: hero with trust indicators, partner carousel, the offers, the press strip (the footer is shared).
 * index.html paints the hero before this code has run, and this one replaces it without moving a pixel.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  return (
    <>
      <title>{t('documentTitle')}</title>
      {/* Plain elements with the classes index.html styles: the same hero as the one it paints first. */}
      <section className="hero" aria-labelledby="home-hero-heading">
        <div className="hero-content">
          <h1 id="home-hero-heading" className="hero-title">
            {t('hero.title')}
          </h1>
          <p className="hero-subtitle">{t('hero.subtitle')}</p>
          <a
            className="hero-action"
            href={`#${DISCOUNTS_ANCHOR}`}
            onClick={(event) => {
              event.preventDefault();
              scrollToSection(DISCOUNTS_ANCHOR, OFFERS_HEADING_ID);
            }}
          >
            {t('hero.action')}
            <ArrowDownwardIcon />
          </a>
          <TrustIndicators />
        </div>
      </section>

      <PartnerCarousel />

      <section id={DISCOUNTS_ANCHOR} aria-labelledby={OFFERS_HEADING_ID} className="home-offers">
        <div className="home-section-content">
          <h2 id={OFFERS_HEADING_ID} tabIndex={-1} className="home-section-heading">
            {t('offers.heading')}
          </h2>
          <p className="home-offers-intro">{t('offers.intro')}</p>
          <OfferBrowser />
        </div>
      </section>

      <PressStrip />
    </>
  );
}
