import { accountsAdmin, apiPath, gatewayOwn } from '@tullab/contracts/route-table';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, usePermissions, useRecordContext } from 'react-admin';
import { ActionButton } from '../../components/ActionButton';
import { useAction } from '../../hooks/use-action';
import { fetchBlob } from '../../providers/http';
import { fullName, type StudentRecord } from './types';

/** Saves a Blob as a file the browser downloads. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A student's data rights, exercised by an admin on the student's request (decision 009): the same JSON export the
 * student downloads, and deleting the account in every service (confirmed first). Both are audited with the admin as
 * the actor; staff who are not admins see neither.
 */
export function PersonalDataButtons() {
  const record = useRecordContext<StudentRecord>();
  const { permissions } = usePermissions<string>();
  const { run, isPending } = useAction();
  if (!record || permissions !== 'admin') return null;

  const download = () =>
    run(async () => {
      const blob = await fetchBlob(apiPath(gatewayOwn.studentPersonalData, { id: record.id }));
      save(blob, `tullab-data-${record.id}.json`);
    }, 'Data export downloaded');

  return (
    <>
      <Button label="Download data" disabled={isPending} onClick={() => void download()}>
        <DownloadIcon />
      </Button>
      {record.deletedAt ? null : (
        <ActionButton
          route={accountsAdmin.deleteStudent}
          label="Delete account"
          color="error"
          icon={<DeleteForeverIcon />}
          success="Account deleted"
          confirm={{
            title: 'Delete this account?',
            content: `${fullName(record)}’s account and personal data are erased in every service and every session ends now. Redemptions stay counted without a link to the person. This cannot be undone.`,
          }}
        />
      )}
    </>
  );
}
