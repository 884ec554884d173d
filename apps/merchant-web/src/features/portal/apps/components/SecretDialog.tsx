import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BrandAppWithSecret } from '@tullab/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValue } from './CopyValue';

export interface SecretDialogProps {
  /** the answer of creating the app or rotating its secret */
  issued: BrandAppWithSecret;
  rotated: boolean;
  onClose: () => void;
}

/**
 * The app's client ID and secret, this once (decision 019: Tullab keeps only the secret's hash). The page holds the
 * secret only while this is open, and the call that brought it has ended (its result leaves the store with it), so
 * closing forgets it. A click beside the dialog does not close it; its button and Escape do.
 */
export function SecretDialog({ issued: { app, clientSecret }, rotated, onClose }: SecretDialogProps) {
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
      <DialogTitle id={id}>
        {rotated
          ? t('apps.secret.rotatedTitle', { name: app.name })
          : t('apps.secret.createdTitle', { name: app.name })}
      </DialogTitle>
      <DialogContent>
        <Alert severity="warning" id={`${id}-warning`} sx={{ mb: 2 }}>
          {t('apps.secret.warning')}
        </Alert>
        <Stack spacing={2}>
          <div>
            <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('apps.clientId')}
            </Typography>
            <CopyValue label={t('apps.clientId')} value={app.id} />
          </div>
          <div>
            <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('apps.clientSecret')}
            </Typography>
            <CopyValue label={t('apps.clientSecret')} value={clientSecret} />
          </div>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('apps.secret.lost')}
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
