import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { isNetworkError, serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { paths } from '../../app/paths';
import { FormPage } from '@tullab/web-kit/components/FormPage';
import { OTP_LENGTH, OtpField } from '../../components/forms/OtpInput';
import { PasswordInput } from '@tullab/web-kit/forms/PasswordInput';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { submitting, validateWith } from '@tullab/web-kit/forms/validate';
import { useRequestPasswordResetMutation, useResetPasswordMutation, useVerifyResetCodeMutation } from './api';
import { newPasswordForm, resetCodeForm, resetEmailForm, type NewPasswordForm } from './schemas';

type Step = 'email' | 'verify' | 'reset';

/** SPEC §2: each step's title, as catalogue keys of the `auth` namespace. */
export const STEP_TITLES: Record<Step, string> = {
  email: 'forgotPassword.email.title',
  verify: 'forgotPassword.verify.title',
  reset: 'forgotPassword.reset.title',
};

/** SPEC §8 "Forgot password, network": when no answer arrived (catalogue keys of the `auth` namespace). */
export const NETWORK_MESSAGES = {
  send: 'forgotPassword.network.send',
  resend: 'forgotPassword.network.resend',
  verify: 'forgotPassword.network.verify',
  reset: 'forgotPassword.network.reset',
} as const;

/** SPEC §2 /forgot-password: e-mail → code → new password → /login. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [requestReset, { isLoading: resending }] = useRequestPasswordResetMutation();
  const [verifyCode] = useVerifyResetCodeMutation();
  const [resetPassword] = useResetPasswordMutation();
  const navigate = useNavigate();

  /**
   * SPEC §8 failure toasts of this screen: no answer → the step's network text; a refusal → `title` (default
   * 'Error') with the server's message, shown as the server sent it (English for now).
   */
  const reportFailure =
    (network: keyof typeof NETWORK_MESSAGES, title = t('forgotPassword.toast.error')) =>
    (error: unknown) => {
      const fallback = t(NETWORK_MESSAGES[network]);
      notify(title, isNetworkError(error) ? fallback : (serverMessage(error) ?? fallback), 'error');
    };

  const sendCode = (values: { email: string }) =>
    submitting(async () => {
      const address = values.email.trim();
      const answer = await requestReset({ email: address }).unwrap();
      notify(t('forgotPassword.toast.codeSent'), answer.message, 'success');
      setEmail(address);
      setStep('verify');
    }, reportFailure('send'));

  const resendCode = async () => {
    try {
      await requestReset({ email }).unwrap();
      notify(
        t('forgotPassword.toast.codeResentTitle'),
        t('forgotPassword.toast.codeResentMessage'),
        'success',
      );
    } catch (error) {
      reportFailure('resend')(error);
    }
  };

  const checkCode = (values: { otp: string }) =>
    submitting(
      async () => {
        const answer = await verifyCode({ email, otp: values.otp }).unwrap();
        notify(t('forgotPassword.toast.codeVerified'), answer.message, 'success');
        setStep('reset');
      },
      reportFailure('verify', t('forgotPassword.toast.invalidCode')),
    );

  const saveNewPassword = (values: NewPasswordForm) =>
    submitting(async () => {
      const answer = await resetPassword({ email, newPassword: values.newPassword }).unwrap();
      notify(t('forgotPassword.toast.passwordReset'), answer.message, 'success');
      navigate(paths.login, { replace: true });
    }, reportFailure('reset'));

  return (
    <FormPage
      title={t(STEP_TITLES[step])}
      subtitle={
        step === 'verify' ? (
          <Trans
            t={t}
            i18nKey="forgotPassword.verify.subtitle"
            values={{ email }}
            components={{ email: <bdi /> }}
          />
        ) : (
          t(`forgotPassword.${step}.subtitle`)
        )
      }
    >
      {step === 'email' ? (
        <Form<{ email: string }>
          onSubmit={sendCode}
          initialValues={{ email }}
          validate={validateWith(resetEmailForm)}
          render={({ handleSubmit, submitting: busy }) => (
            <form onSubmit={handleSubmit} noValidate>
              <TextInput
                name="email"
                label={t('fields.email')}
                type="email"
                autoComplete="email"
                autoFocus
                required
              />
              <SubmitButton busy={busy} busyLabel={t('forgotPassword.email.busy')} fullWidth sx={{ mt: 2 }}>
                {t('forgotPassword.email.submit')}
              </SubmitButton>
            </form>
          )}
        />
      ) : null}

      {step === 'verify' ? (
        <Form<{ otp: string }>
          onSubmit={checkCode}
          initialValues={{ otp: '' }}
          validate={validateWith(resetCodeForm)}
          render={({ handleSubmit, submitting: busy, values }) => (
            <form onSubmit={handleSubmit} noValidate>
              <OtpField name="otp" label={t('fields.code')} autoFocus />
              <SubmitButton
                busy={busy}
                busyLabel={t('forgotPassword.verify.busy')}
                disabled={(values.otp ?? '').length !== OTP_LENGTH}
                fullWidth
              >
                {t('forgotPassword.verify.submit')}
              </SubmitButton>
              <Stack sx={{ mt: 2, gap: 1, alignItems: 'center' }}>
                <Button onClick={resendCode} disabled={resending}>
                  {resending ? t('forgotPassword.verify.resending') : t('forgotPassword.verify.resend')}
                </Button>
                <Button onClick={() => setStep('email')} color="inherit">
                  {t('forgotPassword.verify.back')}
                </Button>
              </Stack>
            </form>
          )}
        />
      ) : null}

      {step === 'reset' ? (
        <Form<NewPasswordForm>
          onSubmit={saveNewPassword}
          validate={validateWith(newPasswordForm)}
          render={({ handleSubmit, submitting: busy }) => (
            <form onSubmit={handleSubmit} noValidate>
              <PasswordInput
                name="newPassword"
                label={t('fields.newPassword')}
                autoComplete="new-password"
                required
              />
              <PasswordInput
                name="confirmPassword"
                label={t('fields.confirmNewPassword')}
                autoComplete="new-password"
                required
              />
              <Stack direction="row" sx={{ gap: 2, mt: 2 }}>
                <Button variant="outlined" color="inherit" size="large" onClick={() => setStep('verify')}>
                  {t('forgotPassword.reset.back')}
                </Button>
                <SubmitButton busy={busy} busyLabel={t('forgotPassword.reset.busy')} sx={{ flexGrow: 1 }}>
                  {t('forgotPassword.reset.submit')}
                </SubmitButton>
              </Stack>
            </form>
          )}
        />
      ) : null}

      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Typography>
          <Link component={RouterLink} to={paths.login}>
            {t('forgotPassword.backToLogin')}
          </Link>
        </Typography>
      </Box>
    </FormPage>
  );
}
