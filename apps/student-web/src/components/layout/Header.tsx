import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { Logo } from './Logo';
import { desktopNavLinks, mobileNavLinks } from './nav-links';

const MOBILE_MENU_ID = 'mobile-menu';

/**
 * SPEC §2 header, signed-out state. The signed-in Account menu and the verification notice come with the
 * auth feature.
 */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

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
          <Button component={RouterLink} to={paths.signup} variant="contained">
            Sign up
          </Button>
          <Button component={RouterLink} to={paths.login} variant="outlined" color="secondary">
            Log in
          </Button>
        </Box>

        <IconButton
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          aria-label="Open menu"
          aria-controls={MOBILE_MENU_ID}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>

      <Drawer anchor="right" open={menuOpen} onClose={closeMenu}>
        <Box id={MOBILE_MENU_ID} sx={{ width: 280, p: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <IconButton aria-label="Close menu" onClick={closeMenu}>
              <CloseIcon />
            </IconButton>
          </Box>
          <nav aria-label="Mobile">
            <List>
              {mobileNavLinks.map((link) => (
                <ListItem key={link.label} disablePadding>
                  <ListItemButton component={RouterLink} to={link.to} onClick={closeMenu}>
                    <ListItemText primary={link.label} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </nav>
          <Button component={RouterLink} to={paths.login} onClick={closeMenu} variant="contained" fullWidth>
            Log in
          </Button>
        </Box>
      </Drawer>
    </AppBar>
  );
}
