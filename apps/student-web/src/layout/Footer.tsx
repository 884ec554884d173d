import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SOCIAL_LINKS } from '../components/company';
import { Logo } from './Logo';
import { footerNavGroups } from './nav-links';
import './Footer.css';

const SOCIAL_ICONS = { Instagram, LinkedIn } as const;

/** SPEC §2 footer: the logo home, the site's links and the two social networks. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer-content">
        <div className="site-footer-columns">
          <div>
            <Logo inverted />
            <p className="site-footer-tagline">{t('footer.tagline')}</p>
            <div className="site-footer-social">
              {SOCIAL_LINKS.map(({ label, href }) => {
                const Icon = SOCIAL_ICONS[label];
                return (
                  <a
                    key={label}
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('footer.social', { network: label })}
                  >
                    <Icon />
                  </a>
                );
              })}
            </div>
          </div>
          <nav aria-label={t('nav.footer')} className="site-footer-nav">
            {footerNavGroups.map((group) => (
              <div key={group.heading}>
                <h2 className="site-footer-heading">{t(group.heading)}</h2>
                <ul className="site-footer-links">
                  {group.links.map((link) => (
                    <li key={link.label}>
                      <RouterLink to={link.to}>{t(link.label)}</RouterLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <p className="site-footer-legal">{t('footer.legal', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
