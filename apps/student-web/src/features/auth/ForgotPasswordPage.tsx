import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { isNetworkError, serverMessage } from '../../app/api';
import { notify } from '../../app/notify';
import { paths } from '../../app/paths';
import { FormPage } from '../../components/FormPage';
import { OTP_LENGTH, OtpField } from '../../components/forms/OtpInput';
import { PasswordInput } from '../../components/forms/PasswordInput';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { TextInput } from '../../components/forms/TextInput';
import { submitting, validateWith } from '../../components/forms/validate';
import { useRequestPasswordResetMutation, useResetPasswordMutation, useVerifyResetCodeMutation } from './api';
import { newPasswordForm, resetCodeForm, resetEmailForm, type NewPasswordForm } from './schemas';

type Step = 'email' | 'verify' | 'reset';

/** SPEC §2: each step's title. */
export const STEP_TITLES: Record<Step, string> = {
  email: 'Reset Password',
  verify: 'Verify Code',
  reset: 'New Password',
};

/** SPEC §8 "Forgot password, network": when no answer arrived. */
export const NETWORK_MESSAGES = {
  send: 'Failed to send OTP. Please try again.',
  resend: 'Failed to resend OTP. Please try again.',
  verify: 'Failed to verify OTP. Please try again.',
  reset: 'Failed to reset password. Please try again.',
} as const;

/**
 * SPEC §8 failure toasts of this screen: no answer → the step's network text; a refusal → `title` (default 'Error')
 * with the server's message.
 */
function reportFailure(network: string, title = 'Error') {
  return (error: unknown) =>
    notify(title, isNetworkError(error) ? network : (serverMessage(error) ?? network), 'error');
}

const STEP_SUBTITLES: Record<Step, (email: string) => string> = {
  email: () => "Enter your account's email and we'll send you a 6-digit code.",
  verify: (email) => `Enter the 6-digit code we sent to ${email}.`,
  reset: () => 'Choose a new password of at least 8 characters.',
};

/** SPEC §2 /forgot-password: e-mail → code → new password → /login. */
export function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [requestReset, { isLoading: resending }] = useRequestPasswordResetMutation();
  const [verifyCode] = useVerifyResetCodeMutation();
  const [resetPassword] = useResetPasswordMutation();
  const navigate = useNavigate();

  const sendCode = (values: { email: string }) =>
    submitting(async () => {
      const address = values.email.trim();
      const answer = await requestReset({ email: address }).unwrap();
      notify('OTP Sent', answer.message, 'success');
      setEmail(address);
      setStep('verify');
    }, reportFailure(NETWORK_MESSAGES.send));

  const resendCode = async () => {
    try {
      await requestReset({ email }).unwrap();
      notify('Code Resent', 'A new verification code has been sent to your email.', 'success');
    } catch (error) {
      reportFailure(NETWORK_MESSAGES.resend)(error);
    }
  };

  const checkCode = (values: { otp: string }) =>
    submitting(
      async () => {
        const answer = await verifyCode({ email, otp: values.otp }).unwrap();
        notify('OTP Verified', answer.message, 'success');
        setStep('reset');
      },
      reportFailure(NETWORK_MESSAGES.verify, 'Invalid OTP'),
    );

  const saveNewPassword = (values: NewPasswordForm) =>
    submitting(async () => {
      const answer = await resetPassword({ email, newPassword: values.newPassword }).unwrap();
      notify('Password Reset', answer.message, 'success');
      navigate(paths.login, { replace: true });
    }, reportFailure(NETWORK_MESSAGES.reset));

  return (
    <FormPage title={STEP_TITLES[step]} subtitle={STEP_SUBTITLES[step](email)}>
      {step === 'email' ? (
        <Form<{ email: string }>
          onSubmit={sendCode}
          initialValues={{ email }}
          validate={validateWith(resetEmailForm)}
          render={({ handleSubmit, submitting: busy }) => (
            <form onSubmit={handleSubmit} noValidate>
              <TextInput name="email" label="Email" type="email" autoComplete="email" autoFocus required />
              <SubmitButton busy={busy} busyLabel="Sending..." fullWidth sx={{ mt: 2 }}>
                Send Code
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
              <OtpField name="otp" label="Verification code" autoFocus />
              <SubmitButton
                busy={busy}
                busyLabel="Verifying..."
                disabled={(values.otp ?? '').length !== OTP_LENGTH}
                fullWidth
              >
                Verify Code
              </SubmitButton>
              <Stack sx={{ mt: 2, gap: 1, alignItems: 'center' }}>
                <Button onClick={resendCode} disabled={resending}>
                  {resending ? 'Sending...' : 'Resend Verification Code'}
                </Button>
                <Button onClick={() => setStep('email')} color="inherit">
                  Back to Email Verification
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
              <PasswordInput name="newPassword" label="New Password" autoComplete="new-password" required />
              <PasswordInput
                name="confirmPassword"
                label="Confirm New Password"
                autoComplete="new-password"
                required
              />
              <Stack direction="row" sx={{ gap: 2, mt: 2 }}>
                <Button variant="outlined" color="inherit" size="large" onClick={() => setStep('verify')}>
                  Back
                </Button>
                <SubmitButton busy={busy} busyLabel="Resetting..." sx={{ flexGrow: 1 }}>
                  Reset Password
                </SubmitButton>
              </Stack>
            </form>
          )}
        />
      ) : null}

      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Typography>
          <Link component={RouterLink} to={paths.login}>
            Back to Login
          </Link>
        </Typography>
      </Box>
    </FormPage>
  );
}
