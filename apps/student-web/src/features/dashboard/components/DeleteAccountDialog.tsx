import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FORM_ERROR } from 'final-form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-final-form';
import { serverFieldErrors, serverMessage } from '@tullab/web-kit/api/errors';
import { PasswordInput } from '@tullab/web-kit/forms/PasswordInput';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { useDeleteAccountMutation } from '../api';

interface DeleteAccountValues {
  currentPassword?: string;
}

/**
 * "Delete my account" (decision 009): a modal dialog that names what happens, asks for the password and says what
 * went wrong next to the field (a wrong password) or above it (anything else). Focus starts in the password field and
 * stays in the dialog; Escape or Cancel closes it unless the deletion is under way.
 */
export function DeleteAccountDialog({
  open,
  onClose,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const descriptionId = useId();
  const [deleteAccount] = useDeleteAccountMutation();

  const onSubmit = async ({ currentPassword }: DeleteAccountValues) => {
    try {
      await deleteAccount({ currentPassword: currentPassword ?? '' }).unwrap();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields?.currentPassword) return { currentPassword: fields.currentPassword };
      return { [FORM_ERROR]: serverMessage(error) ?? t('deleteAccount.failed') };
    }
    onDeleted();
    return undefined;
  };

  return (
    <Form<DeleteAccountValues>
      onSubmit={onSubmit}
      validate={(values) =>
        values.currentPassword ? {} : { currentPassword: t('deleteAccount.passwordMissing') }
      }
      render={({ handleSubmit, submitting: busy, submitError, form }) => {
        const close = () => {
          if (busy) return;
          form.restart();
          onClose();
        };
        return (
          <Dialog
            open={open}
            onClose={close}
            aria-labelledby={titleId}
            aria-describedby={descriptionId}
            fullWidth
            maxWidth="xs"
          >
            <form onSubmit={handleSubmit} noValidate aria-busy={busy}>
              <DialogTitle id={titleId}>{t('deleteAccount.title')}</DialogTitle>
              <DialogContent>
                <DialogContentText id={descriptionId}>{t('deleteAccount.text')}</DialogContentText>
                {submitError ? (
                  <Alert severity="error" sx={{ mt: 2 }}>
                    {submitError}
                  </Alert>
                ) : null}
                <PasswordInput
                  name="currentPassword"
                  label={t('deleteAccount.password')}
                  autoComplete="current-password"
                  helperText={t('deleteAccount.passwordHelp')}
                  autoFocus
                  required
                />
              </DialogContent>
              <DialogActions sx={{ px: 3, pb: 2 }}>
                <Button onClick={close} color="inherit" disabled={busy}>
                  {t('deleteAccount.cancel')}
                </Button>
                <SubmitButton
                  busy={busy}
                  busyLabel={t('deleteAccount.submitting')}
                  color="error"
                  size="medium"
                >
                  {t('deleteAccount.submit')}
                </SubmitButton>
              </DialogActions>
            </form>
          </Dialog>
        );
      }}
    />
  );
}
