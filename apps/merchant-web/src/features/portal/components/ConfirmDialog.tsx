import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a step that cannot simply be undone (pausing an offer, withdrawing a proposal). */
export function ConfirmDialog({ open, title, text, confirm, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation('merchant');
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={id}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t('cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" color="warning">
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
