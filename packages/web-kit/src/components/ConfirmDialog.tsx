import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  /** the confirming button's label */
  confirm: string;
  /** …while the step is under way */
  busyLabel: string;
  cancel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a step that cannot simply be undone (disconnecting a brand): a modal dialog named by its title and
 * described by its text, focus on Cancel, the safe answer. Escape and Cancel close it unless the step is under way.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  busyLabel,
  cancel,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit" autoFocus>
          {cancel}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={busy}
          variant="contained"
          color="error"
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
        >
          {busy ? busyLabel : confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
