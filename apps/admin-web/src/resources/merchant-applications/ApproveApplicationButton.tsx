import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { Button, useRecordContext, useRedirect } from 'react-admin';
import { useAction } from '../../hooks/use-action';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import type { ApplicationRecord } from './types';

type OfferStatus = 'draft' | 'live';

/**
 * Approves an application (`POST .../:id/approve { status }`): the offers service creates the offer from it, as a
 * draft to finish first or live at once, and e-mails the applicant. Staff then land on the new offer.
 */
export function ApproveApplicationButton() {
  const record = useRecordContext<ApplicationRecord>();
  const dataProvider = useConsoleDataProvider();
  const redirect = useRedirect();
  const { run, isPending } = useAction();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<OfferStatus>('draft');
  const id = useId();
  if (!record) return null;

  const approve = async () => {
    const answer = await run(
      () => dataProvider.approve<ApplicationRecord>('merchant-applications', record.id, { status }),
      status === 'live'
        ? 'Application approved: the offer is live'
        : 'Application approved: the offer is a draft',
    );
    if (!answer) return;
    setOpen(false);
    if (answer.data.offerId) redirect('show', 'offers', answer.data.offerId);
  };

  return (
    <>
      <Button label="Approve" variant="contained" onClick={() => setOpen(true)}>
        <ThumbUpIcon />
      </Button>
      <Dialog
        open={open}
        onClose={isPending ? undefined : () => setOpen(false)}
        aria-labelledby={`${id}-title`}
      >
        <DialogTitle id={`${id}-title`}>Approve {record.brandName}?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            An offer is created from this application and {record.contactName} is told by e-mail.
          </DialogContentText>
          <FormControl component="fieldset">
            <FormLabel component="legend">Create the offer as</FormLabel>
            <RadioGroup
              name={`${id}-status`}
              value={status}
              onChange={(event) => setStatus(event.target.value as OfferStatus)}
            >
              <FormControlLabel
                value="draft"
                control={<Radio />}
                label="A draft, to check and publish later"
              />
              <FormControlLabel value="live" control={<Radio />} label="Live on the home page now" />
            </RadioGroup>
          </FormControl>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={isPending}>
            Cancel
          </MuiButton>
          <MuiButton variant="contained" onClick={() => void approve()} disabled={isPending}>
            Approve
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
