import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import Logout from '@mui/icons-material/Logout';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { User } from '@tullab/web-kit/api/client';
import { SiteLink } from '@tullab/web-kit/components/SiteLink';
import { sitePaths } from '@tullab/web-kit/site-paths';
import { paths } from '../app/paths';
import { logout } from '@tullab/web-kit/session/session';
import { fullNameOf, NotVerifiedNotice } from './NotVerifiedNotice';

export interface AccountMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  user: User;
  notVerified: boolean;
}

/** The Account dropdown: name and e-mail (to /dashboard), the not-verified notice, Dashboard, Log out. */
export function AccountMenuList({ id, anchor, onClose, user, notVerified }: AccountMenuListProps) {
  const { t } = useTranslation();
  // under the Account button, lined up with its end: its right edge, its left one in Arabic (right to left)
  const end = useTheme().direction === 'rtl' ? 'left' : 'right';
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: end }}
      transformOrigin={{ vertical: 'top', horizontal: end }}
      slotProps={{ paper: { sx: { minWidth: 260, maxWidth: 320 } } }}
    >
      <MenuItem component={RouterLink} to={paths.dashboard} onClick={onClose}>
        <ListItemText
          primary={fullNameOf(user)}
          secondary={user.email}
          slotProps={{ primary: { sx: { fontWeight: 700 } }, secondary: { sx: { wordBreak: 'break-all' } } }}
        />
      </MenuItem>
      {notVerified ? (
        <MenuItem component={RouterLink} to={paths.studentVerification} onClick={onClose}>
          <NotVerifiedNotice />
        </MenuItem>
      ) : null}
      <Divider />
      <MenuItem component={RouterLink} to={paths.dashboard} onClick={onClose}>
        <ListItemIcon>
          <DashboardOutlined fontSize="small" />
        </ListItemIcon>
        {t('account.dashboard')}
      </MenuItem>
      {user.role === 'merchant' ? (
        <MenuItem component={SiteLink} to={sitePaths.merchantPortal} onClick={onClose}>
          <ListItemIcon>
            <StorefrontOutlined fontSize="small" />
          </ListItemIcon>
          {t('account.merchantPortal')}
        </MenuItem>
      ) : null}
      <MenuItem onClick={() => void logout()}>
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        {t('account.logOut')}
      </MenuItem>
    </Menu>
  );
}
