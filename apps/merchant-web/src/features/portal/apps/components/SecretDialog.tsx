import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValue } from './CopyValue';

export interface SecretDialogProps {
  title: string;
  /** what to do with the secret now, since it is not shown again */
  warning: string;
  /** what to do if it is lost or leaked */
  lost: string;
  /** the values to copy, the secret among them */
  values: { label: string; value: string }[];
  onClose: () => void;
}

/**
 * A secret, this once: an app's client secret (decision 019: Tullab keeps only its hash) or its webhook's signing
 * secret (issue 30 point 5: kept sealed). The page holds the secret only while this is open, and the call that
 * brought it has ended (its result leaves the store with it), so closing forgets it. A click beside the dialog does
 * not close it; its button and Escape do.
 */
export function SecretDialog({ title, warning, lost, values, onClose }: SecretDialogProps) {
  const { t } = useTranslation('merchant');
  const id = useId();
  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={id}
      aria-describedby={`${id}-warning`}
    >
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" id={`${id}-warning`} sx={{ mb: 2 }}>
          {warning}
        </Alert>
        <Stack spacing={2}>
          {values.map(({ label, value }) => (
            <div key={label}>
              <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
                {label}
              </Typography>
              <CopyValue label={label} value={value} />
            </div>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {lost}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('apps.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
