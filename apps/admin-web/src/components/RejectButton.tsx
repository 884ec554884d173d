import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import type { RouteRef } from '@tullab/contracts';
import { useState } from 'react';
import { Button, useRecordContext, useRefresh } from 'react-admin';
import { useAction } from '../hooks/use-action';
import { useConsoleDataProvider } from '../providers/dataProvider';
import { ReasonDialog } from './ReasonDialog';

export interface RejectButtonProps {
  /** the declared rejection (`POST …/:id/reject { reason }`) */
  route: RouteRef;
  /** the usual reasons for this kind of record */
  reasons: readonly string[];
  /** who reads the reason */
  intro: string;
  success: string;
}

/** Rejects the current record with a reason (`POST /api/admin/<resource>/:id/reject { reason }`). */
export function RejectButton({ route, reasons, intro, success }: RejectButtonProps) {
  const record = useRecordContext();
  const dataProvider = useConsoleDataProvider();
  const refresh = useRefresh();
  const { run, isPending } = useAction();
  const [open, setOpen] = useState(false);
  if (!record) return null;

  const reject = async (reason: string) => {
    const answer = await run(() => dataProvider.call(route, { id: record.id }, { reason }), success);
    if (!answer) return;
    setOpen(false);
    refresh();
  };

  return (
    <>
      <Button label="Reject" color="error" variant="outlined" onClick={() => setOpen(true)}>
        <ThumbDownIcon />
      </Button>
      {open ? (
        <ReasonDialog
          open
          title="Reject with a reason"
          intro={intro}
          reasons={reasons}
          confirmLabel="Reject"
          pending={isPending}
          onClose={() => setOpen(false)}
          onConfirm={reject}
        />
      ) : null}
    </>
  );
}
