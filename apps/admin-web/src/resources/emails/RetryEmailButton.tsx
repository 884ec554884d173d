import { notificationsAdmin } from '@tullab/contracts/route-table';
import ReplayIcon from '@mui/icons-material/Replay';
import { useRecordContext } from 'react-admin';
import { ActionButton } from '../../components/ActionButton';
import type { EmailRecord } from './types';

/**
 * Puts a failed mail back for sending, after asking: the server sends it again within seconds, to the same address.
 * Only on a mail that can be sent again (one that carried a code cannot: the code is not kept).
 */
export function RetryEmailButton() {
  const record = useRecordContext<EmailRecord>();
  if (!record?.retryable) return null;
  return (
    <ActionButton
      route={notificationsAdmin.retryEmail}
      label="Retry"
      icon={<ReplayIcon />}
      success="The e-mail will be sent again in a few seconds"
      confirm={{
        title: 'Send this e-mail again?',
        content: `It goes to ${record.recipient} again. If the mail server still refuses the address, it fails again.`,
      }}
    />
  );
}
