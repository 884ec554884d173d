import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import i18n from 'i18next';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { isApiError, serverMessage } from '@tullab/web-kit/api/errors';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { submitting, validateWith } from '@tullab/web-kit/forms/validate';
import { useAuth } from '@tullab/web-kit/session/use-auth';
import { useSendContactMessageMutation } from './api';
import { supportContactForm, type ContactForm } from './schemas';

/** 'Failed to send message: ...' (SPEC §8): the server's message, else what went wrong. */
function failureText(error: unknown): string {
  const reason =
    serverMessage(error) ?? (isApiError(error) ? error.message : i18n.t('contact:support.tryAgain'));
  return i18n.t('contact:support.failed', { reason });
}

/**
 * The contact form of the sign-up journey (SPEC §5 "Contact (signup-journey version)", §8 "Contact"): a student who
 * cannot verify by e-mail writes to support from the verification screen. Names and e-mail start from the signed-in
 * user.
 */
export function SupportContactForm() {
  const { t } = useTranslation('contact');
  const { user } = useAuth();
  const [send] = useSendContactMessageMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (sent) {
    return (
      <Alert
        severity="success"
        role="status"
        action={
          <Button color="inherit" size="small" onClick={() => setSent(false)}>
            {t('support.sendAnother')}
          </Button>
        }
      >
        {t('support.sent')}
      </Alert>
    );
  }

  const onSubmit = (values: ContactForm) =>
    submitting(
      async () => {
        setFailure(null);
        await send(supportContactForm.parse(values)).unwrap();
        setSent(true);
      },
      (error) => setFailure(failureText(error)),
    );

  return (
    <Box>
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        {t('support.heading')}
      </Typography>
      <Form<ContactForm>
        onSubmit={onSubmit}
        initialValues={{
          firstName: user?.firstName ?? '',
          lastName: user?.lastName ?? '',
          email: user?.email ?? '',
        }}
        validate={validateWith(supportContactForm)}
        render={({ handleSubmit, submitting: busy }) => (
          <form onSubmit={handleSubmit} noValidate>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
              <TextInput name="firstName" label={t('form.firstName')} autoComplete="given-name" required />
              <TextInput name="lastName" label={t('form.lastName')} autoComplete="family-name" required />
            </Stack>
            <TextInput name="email" label={t('form.email')} type="email" autoComplete="email" required />
            <TextInput
              name="message"
              label={t('form.message')}
              multiline
              rows={5}
              helperText={t('support.messageHelp')}
              required
            />
            {failure ? (
              <Alert severity="error" sx={{ my: 1 }}>
                {failure}
              </Alert>
            ) : null}
            <SubmitButton busy={busy} busyLabel={t('support.sending')} fullWidth sx={{ mt: 1 }}>
              {t('support.send')}
            </SubmitButton>
          </form>
        )}
      />
    </Box>
  );
}
