import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HistoryIcon from '@mui/icons-material/History';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Menu, useSidebarState, useStore } from 'react-admin';

/** The three append-only logs, one per service that takes decisions, shown together as "Audit log". */
export const AUDIT_LOGS = ['audit-log', 'offer-audit-log', 'identity-audit-log'] as const;

/**
 * A collapsible group of menu items. Its items stay direct children of the menu (MUI's MenuList moves focus with
 * the arrow keys between its direct children), indented while the sidebar is open; the toggle says whether the
 * group is open (`aria-expanded`), and the choice is remembered.
 */
function MenuGroup({
  name,
  label,
  icon,
  children,
}: {
  name: string;
  label: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useStore(`menu.${name}.open`, false);
  const [sidebarOpen] = useSidebarState();
  const Toggle = open ? ExpandLess : ExpandMore;
  return (
    <>
      <MenuItem
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        tabIndex={0}
        sx={{ color: 'text.secondary', '& .MuiListItemIcon-root': { minWidth: 40 } }}
      >
        <ListItemIcon>{icon}</ListItemIcon>
        <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
          {label}
        </Typography>
        {sidebarOpen ? <Toggle fontSize="small" /> : null}
      </MenuItem>
      {open ? children : null}
    </>
  );
}

/** The sidebar: the review work first, then merchants and people, then operations. Items a role may not open hide. */
export function ConsoleMenu() {
  const [sidebarOpen] = useSidebarState();
  const indent = sidebarOpen ? { pl: 4 } : undefined;
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItem name="verifications" />
      <Menu.ResourceItem name="students" />
      <Menu.ResourceItem name="institutions" />
      <Menu.ResourceItem name="offers" />
      <Menu.ResourceItem name="merchant-applications" />
      <Menu.ResourceItem name="offer-proposals" />
      <Menu.ResourceItem name="code-reports" />
      <Menu.ResourceItem name="contact-messages" />
      <Menu.ResourceItem name="staff" />
      <Menu.ResourceItem name="emails" />
      <Menu.ResourceItem name="jobs" />
      <Menu.ResourceItem name="retention" />
      <MenuGroup name="audit" label="Audit log" icon={<HistoryIcon />}>
        {AUDIT_LOGS.map((name) => (
          <Menu.ResourceItem key={name} name={name} sx={indent} />
        ))}
      </MenuGroup>
    </Menu>
  );
}
