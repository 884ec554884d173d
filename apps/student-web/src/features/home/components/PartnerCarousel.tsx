import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import IconButton from '@mui/material/IconButton';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../offers/components/BrandLogo';
import { Placeholder } from '../../offers/components/Placeholder';
import { useDeferredOffers } from '../../offers/use-deferred-offers';
import { PARTNER_ROWS, partnerLogoRows, type PartnerLogo } from '../partner-logos';
import './PartnerCarousel.css';

const LOGO_SIZE = 72;
/** a logo and its padding: PartnerCarousel.css gives each row this height, the loading state reserves it */
const ROW_HEIGHT = LOGO_SIZE + 16;

const reducedMotion = '@media (prefers-reduced-motion: reduce)';

function LogoRow({ logos, reverse, paused }: { logos: PartnerLogo[]; reverse: boolean; paused: boolean }) {
  const track = ['partner-track', reverse && 'partner-track-reverse', paused && 'partner-track-paused'];
  return (
    <div className="partner-row">
      <ul className={track.filter(Boolean).join(' ')}>
        {[...logos, ...logos].map((logo, i) => {
          const copy = i >= logos.length;
          return (
            <li key={i} aria-hidden={copy || undefined}>
              <BrandLogo name={logo.name} src={logo.logoUrl} size={LOGO_SIZE} decorative={copy} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * 'Some of Our Offers...' (SPEC §2): 22 logos of the catalogue's brands in two auto-scrolling rows of 11, the
 * second running the other way (both mirrored in Arabic, see PartnerCarousel.css). Motion pauses on hover and with
 * the pause button (WCAG 2.2.2), and stops for people who ask their system for reduced motion.
 */
export function PartnerCarousel() {
  const { t } = useTranslation('home');
  const { offers, isLoading } = useDeferredOffers();
  const rows = useMemo(() => partnerLogoRows(offers ?? []), [offers]);
  const [paused, setPaused] = useState(false);

  if (!isLoading && rows.length === 0) return null;

  return (
    <section aria-labelledby="partners-heading" className="partners">
      <div className="partners-header">
        <h2 id="partners-heading" className="partners-heading">
          {t('partners.heading')}
        </h2>
        <IconButton
          onClick={() => setPaused((p) => !p)}
          aria-label={t(paused ? 'partners.play' : 'partners.pause')}
          sx={{ border: 1, borderColor: 'divider', [reducedMotion]: { display: 'none' } }}
        >
          {paused ? <PlayArrowIcon /> : <PauseIcon />}
        </IconButton>
      </div>
      {isLoading ? (
        <div aria-hidden="true" className="partners-rows partners-rows-loading">
          {Array.from({ length: PARTNER_ROWS }, (_, i) => (
            <Placeholder key={i} height={ROW_HEIGHT} />
          ))}
        </div>
      ) : (
        <div className="partners-rows">
          {rows.map((logos, i) => (
            <LogoRow key={i} logos={logos} reverse={i % 2 === 1} paused={paused} />
          ))}
        </div>
      )}
    </section>
  );
}
