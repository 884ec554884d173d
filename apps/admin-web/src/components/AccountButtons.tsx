import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { useGetIdentity, useRecordContext } from 'react-admin';
import { ActionButton } from './ActionButton';

interface Account {
  id: string;
  firstName: string;
  lastName: string;
  disabled: boolean;
}

/**
 * Disable (no sign-in, every session ends at once) or enable an account, and end its sessions; used for students and
 * staff alike (`POST /api/admin/<students|staff>/:id/<action>`). `endSessions` is offered where the API has it.
 */
export function AccountButtons({ endSessions = false }: { endSessions?: boolean }) {
  const record = useRecordContext<Account>();
  const { identity } = useGetIdentity();
  if (!record) return null;
  // identity refuses to let anyone disable their own account
  const own = identity?.id === record.id;
  const name = `${record.firstName} ${record.lastName}`;
  return (
    <>
      {endSessions && !record.disabled ? (
        <ActionButton
          action="end-sessions"
          label="End sessions"
          icon={<LogoutIcon />}
          success="Every session of this account has ended"
          confirm={{ title: 'End every session?', content: `${name} is signed out on every device.` }}
        />
      ) : null}
      {record.disabled ? (
        <ActionButton action="enable" label="Enable" icon={<CheckCircleIcon />} success="Account enabled" />
      ) : own ? null : (
        <ActionButton
          action="disable"
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
