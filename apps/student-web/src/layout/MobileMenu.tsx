import CloseIcon from '@mui/icons-material/Close';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { User } from '@tullab/web-kit/api/client';
import { paths } from '../app/paths';
import { logout } from '@tullab/web-kit/session/session';
import { LanguageSwitcher } from '@tullab/web-kit/components/LanguageSwitcher';
import { mobileNavLinks } from './nav-links';
import { fullNameOf, NotVerifiedNotice } from './NotVerifiedNotice';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  user: User | null;
  notVerified: boolean;
}

/**
 * SPEC §2 mobile side panel: Discounts, How It Works, Join as a Merchant, Contact Us; signed in, the user block (to
 * /dashboard) with the not-verified notice and Log out; signed out, Log in (and Sign up); then the language
 * switcher. It slides in from the right, from the left in Arabic (MUI mirrors the anchor).
 */
export function MobileMenu({ id, open, onClose, user, notVerified }: MobileMenuProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': t('mobileMenu.label') } }}
    >
      <Box id={id} sx={{ width: { xs: '85vw', sm: 320 }, maxWidth: 320, p: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <IconButton aria-label={t('mobileMenu.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        {user ? (
          <>
            <List disablePadding>
              <ListItem disablePadding>
                <ListItemButton component={RouterLink} to={paths.dashboard} onClick={onClose}>
                  <ListItemText
                    primary={fullNameOf(user)}
                    secondary={user.email}
                    slotProps={{
                      primary: { sx: { fontWeight: 700 } },
                      secondary: { sx: { wordBreak: 'break-all' } },
                    }}
                  />
                </ListItemButton>
              </ListItem>
              {notVerified ? (
                <ListItem disablePadding>
                  <ListItemButton component={RouterLink} to={paths.studentVerification} onClick={onClose}>
                    <NotVerifiedNotice />
                  </ListItemButton>
                </ListItem>
              ) : null}
            </List>
            <Divider sx={{ my: 1 }} />
          </>
        ) : null}
        <nav aria-label={t('nav.mobile')}>
          <List>
            {mobileNavLinks.map((link) => (
              <ListItem key={link.label} disablePadding>
                <ListItemButton component={RouterLink} to={link.to} onClick={onClose}>
                  <ListItemText primary={t(link.label)} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </nav>
        {user ? (
          <Button
            onClick={() => void logout()}
            variant="outlined"
            color="secondary"
            startIcon={<Logout />}
            fullWidth
          >
            {t('account.logOut')}
          </Button>
        ) : (
          <Stack sx={{ gap: 1 }}>
            <Button component={RouterLink} to={paths.login} onClick={onClose} variant="contained" fullWidth>
              {t('header.logIn')}
            </Button>
            <Button component={RouterLink} to={paths.signup} onClick={onClose} variant="outlined" fullWidth>
              {t('header.signUp')}
            </Button>
          </Stack>
        )}
        <LanguageSwitcher className="tullab-button site-header-language site-menu-language" />
      </Box>
    </Drawer>
  );
}
