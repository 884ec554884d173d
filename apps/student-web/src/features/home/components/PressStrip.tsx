import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import './PressStrip.css';

/**
 * SPEC §2/§9: five press logos. The publications are fictional wordmarks drawn as text (no real trademarks);
 * each has its own type treatment so the strip reads as five different mastheads. Being names, they stay in Latin
 * letters in Arabic too.
 */
const PRESS_MENTIONS: readonly { name: string; style: CSSProperties }[] = [
  { name: 'The Gulf Ledger', style: { fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 700 } },
  {
    name: 'Campus Arabia',
    style: { fontWeight: 800, textTransform: 'uppercase', letterSpacing: '0.12em', fontSize: '0.95rem' },
  },
  { name: 'Desert Tech Weekly', style: { fontWeight: 300, letterSpacing: '-0.02em' } },
  {
    name: 'Marina Business Journal',
    style: { fontFamily: 'Georgia, "Times New Roman", serif', fontStyle: 'italic', fontWeight: 600 },
  },
  { name: 'Oasis Digest', style: { fontWeight: 900, letterSpacing: '-0.04em', fontSize: '1.35rem' } },
];

/** 'We Have Been Mentioned By...': the press strip near the foot of the home page. */
export function PressStrip() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="press-heading" className="press-strip">
      <div className="press-strip-content">
        <h2 id="press-heading" className="press-strip-heading">
          {t('press.heading')}
        </h2>
        <p className="press-strip-intro">{t('press.intro')}</p>
        <ul className="press-strip-mentions">
          {PRESS_MENTIONS.map(({ name, style }) => (
            <li key={name} lang="en">
              <span style={style}>{name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
