import { offerProposals } from '@tullab/contracts/route-table';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import { ApproveButton } from '../../components/ApproveButton';
import { OfferStatusChoice, type OfferStatus } from '../../components/OfferStatusChoice';
import { useAction } from '../../hooks/use-action';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import type { OfferProposalRecord } from './types';

const successOf = (kind: OfferProposalRecord['kind'], status: OfferStatus) =>
  kind === 'edit'
    ? 'Proposal approved: the offer is changed'
    : status === 'live'
      ? 'Proposal approved: the offer is live'
      : 'Proposal approved: the offer is a draft';

/**
 * Approves a proposal (`POST .../:id/approve { status }`): a new offer is made as a draft or live, an edit is applied
 * to the offer; the brand's contact is told by e-mail.
 */
export function ApproveProposalButton() {
  const record = useRecordContext<OfferProposalRecord>();
  const dataProvider = useConsoleDataProvider();
  const refresh = useRefresh();
  const { run, isPending } = useAction();
  const [status, setStatus] = useState<OfferStatus>('draft');
  if (!record) return null;
  const isNew = record.kind === 'new';

  const approve = async () => {
    const answer = await run(
      () =>
        dataProvider.call<OfferProposalRecord>(offerProposals.approveProposal, { id: record.id }, { status }),
      successOf(record.kind, status),
    );
    if (!answer) return false;
    refresh();
    return true;
  };

  return (
    <ApproveButton title={<>Approve “{record.fields.title}”?</>} pending={isPending} onApprove={approve}>
      <DialogContentText sx={{ mb: isNew ? 2 : 0 }}>
        {isNew
          ? `An offer of ${record.brandName} is created from this proposal`
          : 'The proposed values replace the offer’s, as an edit in the console would'}
        , and the brand’s contact is told by e-mail.
      </DialogContentText>
      {isNew ? <OfferStatusChoice value={status} onChange={setStatus} /> : null}
    </ApproveButton>
  );
}
