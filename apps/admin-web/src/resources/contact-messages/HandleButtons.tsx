import { notificationsAdmin } from '@tullab/contracts/route-table';
import DoneIcon from '@mui/icons-material/Done';
import ReplayIcon from '@mui/icons-material/Replay';
import { useRecordContext } from 'react-admin';
import { ActionButton } from '../../components/ActionButton';
import type { ContactMessageRecord } from './types';

/** "Mark handled" on a new message, "Reopen" on a handled one. */
export function HandleButtons() {
  const record = useRecordContext<ContactMessageRecord>();
  if (!record) return null;
  return record.status === 'new' ? (
    <ActionButton
      route={notificationsAdmin.handleContactMessage}
      label="Mark handled"
      icon={<DoneIcon />}
      success="Message marked as handled"
    />
  ) : (
    <ActionButton
      route={notificationsAdmin.reopenContactMessage}
      label="Reopen"
      icon={<ReplayIcon />}
      success="Message reopened"
    />
  );
}
