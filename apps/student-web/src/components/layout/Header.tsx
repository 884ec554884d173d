import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useAuth } from '../../features/auth/use-auth';
import { onDemand } from '../on-demand';
import { AccountMenu } from './AccountMenu';
import { Logo } from './Logo';
import { desktopNavLinks } from './nav-links';

const MOBILE_MENU_ID = 'mobile-menu';

/** The slide-in panel's code (drawer, backdrop, focus trap) loads when it is first wanted. */
const MobileMenu = onDemand(() => import('./MobileMenu').then((m) => m.MobileMenu));

/** SPEC §2 header: links, then Sign up / Log in or the Account menu; on small screens a slide-in panel. */
export function Header() {
  const { user, isLoading, isStudent, isVerified } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  // SPEC §4: only `active` counts; any other status of a student shows the warning.
  const notVerified = isStudent && !isVerified;

  return (
    <AppBar
      component="header"
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: 2, minHeight: { xs: 64, md: 72 } }}>
        <Logo />

        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, ml: 3 }}>
          {desktopNavLinks.map((link) => (
            <Button key={link.label} component={RouterLink} to={link.to} color="inherit">
              {link.label}
            </Button>
          ))}
        </Box>

        <Box sx={{ flexGrow: 1 }} />

        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1 }}>
          {user ? <AccountMenu user={user} notVerified={notVerified} /> : null}
          {!user && !isLoading ? (
            <>
              <Button component={RouterLink} to={paths.signup} variant="contained">
                Sign up
              </Button>
              <Button component={RouterLink} to={paths.login} variant="outlined" color="secondary">
                Log in
              </Button>
            </>
          ) : null}
        </Box>

        <IconButton
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          aria-label={notVerified ? 'Open menu, account not verified' : 'Open menu'}
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
        </IconButton>
      </Toolbar>

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
    </AppBar>
  );
}
