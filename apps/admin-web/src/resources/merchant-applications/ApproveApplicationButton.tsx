import { offersAdmin } from '@tullab/contracts/route-table';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useRecordContext, useRedirect } from 'react-admin';
import { ApproveButton } from '../../components/ApproveButton';
import { OfferStatusChoice, type OfferStatus } from '../../components/OfferStatusChoice';
import { useAction } from '../../hooks/use-action';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import type { ApplicationRecord } from './types';

/**
 * Approves an application (`POST .../:id/approve { status }`): the offers service creates the offer from it, as a
 * draft to finish first or live at once, and e-mails the applicant. Staff then land on the new offer.
 */
export function ApproveApplicationButton() {
  const record = useRecordContext<ApplicationRecord>();
  const dataProvider = useConsoleDataProvider();
  const redirect = useRedirect();
  const { run, isPending } = useAction();
  const [status, setStatus] = useState<OfferStatus>('draft');
  if (!record) return null;

  const approve = async () => {
    const answer = await run(
      () =>
        dataProvider.call<ApplicationRecord>(offersAdmin.approveApplication, { id: record.id }, { status }),
      status === 'live'
        ? 'Application approved: the offer is live'
        : 'Application approved: the offer is a draft',
    );
    if (!answer) return false;
    if (answer.data.offerId) redirect('show', 'offers', answer.data.offerId);
    return true;
  };

  return (
    <ApproveButton title={`Approve ${record.brandName}?`} pending={isPending} onApprove={approve}>
      <DialogContentText sx={{ mb: 2 }}>
        An offer is created from this application and {record.contactName} is told by e-mail.
      </DialogContentText>
      <OfferStatusChoice value={status} onChange={setStatus} />
    </ApproveButton>
  );
}
