import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';

/** The admin API's limits on a reason (verification and merchant-application rejections alike). */
export const REASON_MIN = 3;
export const REASON_MAX = 1000;
const OTHER = 'other';

export const reasonMessages = {
  choose: 'Please choose a reason',
  describe: 'Please describe the reason',
  tooLong: `The reason must be at most ${REASON_MAX} characters`,
} as const;

/** The reason sent: the chosen one, then the details; or the details alone for "Other". */
export function composeReason(choice: string, details: string): string {
  const note = details.trim();
  if (choice === OTHER) return note;
  return note ? `${choice} ${note}` : choice;
}

/** What is wrong with the reason so far, if anything. */
export function reasonProblem(choice: string, details: string): string | null {
  if (!choice) return reasonMessages.choose;
  const reason = composeReason(choice, details);
  if (reason.length < REASON_MIN) return reasonMessages.describe;
  if (reason.length > REASON_MAX) return reasonMessages.tooLong;
  return null;
}

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** who reads the reason, e.g. "The student receives this reason by e-mail." */
  intro: string;
  /** the usual reasons, each a full sentence */
  reasons: readonly string[];
  confirmLabel: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/** Asks why: a reason from a list (or "Other") and free text, which follows the chosen reason or replaces it. */
export function ReasonDialog({
  open,
  title,
  intro,
  reasons,
  confirmLabel,
  pending,
  onClose,
  onConfirm,
}: ReasonDialogProps) {
  const id = useId();
  const [choice, setChoice] = useState('');
  const [details, setDetails] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const problem = reasonProblem(choice, details);
  const shown = submitted ? problem : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!problem) onConfirm(composeReason(choice, details));
  };

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
          <FormControl component="fieldset" error={shown === reasonMessages.choose}>
            <FormLabel component="legend">Reason</FormLabel>
            <RadioGroup
              name={`${id}-reason`}
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
            >
              {reasons.map((reason) => (
                <FormControlLabel key={reason} value={reason} control={<Radio />} label={reason} />
              ))}
              <FormControlLabel value={OTHER} control={<Radio />} label="Other reason" />
            </RadioGroup>
          </FormControl>
          <TextField
            label={choice === OTHER ? 'Reason' : 'Details (optional)'}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            required={choice === OTHER}
            multiline
            minRows={2}
            fullWidth
            margin="normal"
            error={!!shown && shown !== reasonMessages.choose}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
          {shown ? (
            <FormHelperText error role="alert">
              {shown}
            </FormHelperText>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={pending}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
