import MenuIcon from '@mui/icons-material/Menu';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../app/paths';
import { useAuth } from '@tullab/web-kit/session/use-auth';
import { LanguageSwitcher } from '@tullab/web-kit/components/LanguageSwitcher';
import { onDemand } from '@tullab/web-kit/components/on-demand';
import { AccountMenu } from './AccountMenu';
import { Logo } from './Logo';
import { desktopNavLinks } from './nav-links';
import '@tullab/ui/button.css';
import './Header.css';

const MOBILE_MENU_ID = 'mobile-menu';

/** The slide-in panel's code (drawer, backdrop, focus trap) loads when it is first wanted. */
const MobileMenu = onDemand(() => import('./MobileMenu').then((m) => m.MobileMenu));

/**
 * SPEC §2 header: links, then the language switcher and Sign up / Log in or the Account menu; on small screens a
 * slide-in panel.
 */
export function Header() {
  const { t } = useTranslation();
  const { user, isLoading, isStudent, isVerified } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  // SPEC §4: only `active` counts; any other status of a student shows the warning.
  const notVerified = isStudent && !isVerified;

  // Plain elements with the classes index.html styles: the same header as the one it paints first.
  return (
    <header className="site-header">
      <div className="site-header-bar">
        <Logo />

        <nav aria-label={t('nav.main')} className="site-nav">
          {desktopNavLinks.map((link) => (
            <RouterLink key={link.label} to={link.to}>
              {t(link.label)}
            </RouterLink>
          ))}
        </nav>

        <div className="site-header-spacer" />

        <div className="site-header-account">
          <LanguageSwitcher className="tullab-button site-header-language" />
          {user ? <AccountMenu user={user} notVerified={notVerified} /> : null}
          {!user && !isLoading ? (
            <>
              <RouterLink to={paths.signup} className="site-header-action">
                {t('header.signUp')}
              </RouterLink>
              <RouterLink to={paths.login} className="site-header-action site-header-action-outlined">
                {t('header.logIn')}
              </RouterLink>
            </>
          ) : null}
        </div>

        <button
          type="button"
          className="site-menu-button"
          aria-label={t(notVerified ? 'header.openMenuNotVerified' : 'header.openMenu')}
          aria-controls={menuOpen ? MOBILE_MENU_ID : undefined}
          aria-expanded={menuOpen}
          onPointerEnter={() => void MobileMenu.preload()}
          onFocus={() => void MobileMenu.preload()}
          onClick={() => {
            setMenuWanted(true);
            setMenuOpen(true);
          }}
        >
          <MenuIcon />
        </button>
      </div>

      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={MOBILE_MENU_ID}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            user={user}
            notVerified={notVerified}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
