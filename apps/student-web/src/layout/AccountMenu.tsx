import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import { Suspense, useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@tullab/web-kit/api/client';
import { WARNING_YELLOW } from '@tullab/web-kit/theme';
import { onDemand } from '@tullab/web-kit/components/on-demand';

/** The dropdown's code (menus, popovers) loads when it is first wanted: the home page does not need it. */
const AccountMenuList = onDemand(() => import('./AccountMenuList').then((m) => m.AccountMenuList));

/**
 * SPEC §2 header, signed in: the Account button, with a yellow badge for a student who is not verified (SPEC §4),
 * opening the Account dropdown.
 */
export function AccountMenu({ user, notVerified }: { user: User; notVerified: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  const { t } = useTranslation();

  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={t(notVerified ? 'account.buttonNotVerified' : 'account.button')}
        onPointerEnter={() => void AccountMenuList.preload()}
        onFocus={() => void AccountMenuList.preload()}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
        startIcon={
          <Badge
            variant="dot"
            invisible={!notVerified}
            overlap="circular"
            sx={{
              '& .MuiBadge-badge': { bgcolor: WARNING_YELLOW, border: 2, borderColor: 'background.paper' },
            }}
          >
            <AccountCircleOutlined />
          </Badge>
        }
        endIcon={<KeyboardArrowDown />}
      >
        {t('account.button')}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <AccountMenuList
            id={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            user={user}
            notVerified={notVerified}
          />
        </Suspense>
      ) : null}
    </>
  );
}
