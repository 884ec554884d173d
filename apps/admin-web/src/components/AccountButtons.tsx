import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { accountsAdmin } from '@tullab/contracts/route-table';
import { useGetIdentity, useRecordContext, useResourceContext } from 'react-admin';
import { ActionButton } from './ActionButton';

interface Account {
  id: string;
  firstName: string;
  lastName: string;
  disabled: boolean;
}

/** The account actions identity declares for students and for staff (staff have no "end sessions"). */
const ACTIONS = {
  students: {
    disable: accountsAdmin.disableStudent,
    enable: accountsAdmin.enableStudent,
    endSessions: accountsAdmin.endStudentSessions,
  },
  staff: { disable: accountsAdmin.disableStaff, enable: accountsAdmin.enableStaff, endSessions: null },
} as const;

/**
 * Disable (no sign-in, every session ends at once) or enable an account, and end its sessions; used for students and
 * staff alike (`POST /api/admin/<students|staff>/:id/<action>`), where the API offers each.
 */
export function AccountButtons() {
  const record = useRecordContext<Account>();
  const resource = useResourceContext();
  const { identity } = useGetIdentity();
  if (!record || (resource !== 'students' && resource !== 'staff')) return null;
  const actions = ACTIONS[resource];
  // identity refuses to let anyone disable their own account
  const own = identity?.id === record.id;
  const name = `${record.firstName} ${record.lastName}`;
  return (
    <>
      {actions.endSessions && !record.disabled ? (
        <ActionButton
          route={actions.endSessions}
          label="End sessions"
          icon={<LogoutIcon />}
          success="Every session of this account has ended"
          confirm={{ title: 'End every session?', content: `${name} is signed out on every device.` }}
        />
      ) : null}
      {record.disabled ? (
        <ActionButton
          route={actions.enable}
          label="Enable"
          icon={<CheckCircleIcon />}
          success="Account enabled"
        />
      ) : own ? null : (
        <ActionButton
          route={actions.disable}
          label="Disable"
          color="error"
          icon={<BlockIcon />}
          success="Account disabled"
          confirm={{
            title: 'Disable this account?',
            content: `${name} can no longer sign in, and every session of the account ends now.`,
          }}
        />
      )}
    </>
  );
}
