import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { notify } from '../../app/notify';
import { paths } from '../../app/paths';
import { FormPage } from '../../components/FormPage';
import { OTP_LENGTH, OtpField } from '../../components/forms/OtpInput';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { RequireSignIn } from '../auth/RequireSignIn';
import { storeUser } from '../auth/stored-user';
import { useRequestStudentCodeMutation, useVerifyStudentCodeMutation } from './api';
import { completeVerificationData, keptVerificationData, type VerificationData } from './verification-data';

/** SPEC §9: home this long after 'Student Status Verified!'. */
export const VERIFIED_REDIRECT_MS = 2000;

const CODE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** SPEC §2 /otp-verification: the code sent to the student e-mail kept by /student-verification. */
export function OtpVerificationPage() {
  const data = useMemo(completeVerificationData, []);
  if (!data) return <Navigate to={paths.studentVerification} replace />;
  return (
    <RequireSignIn>
      <OtpVerification data={data} />
    </RequireSignIn>
  );
}

function OtpVerification({ data }: { data: VerificationData }) {
  const [verified, setVerified] = useState(false);
  const [verifyCode] = useVerifyStudentCodeMutation();
  const [requestCode, { isLoading: resending }] = useRequestStudentCodeMutation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!verified) return undefined;
    const timer = setTimeout(() => navigate(paths.home, { replace: true }), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate]);

  const onSubmit = async ({ otp = '' }: { otp?: string }) => {
    if (!CODE_PATTERN.test(otp)) {
      notify('Invalid Code', 'Please enter the complete 6-digit verification code.', 'error');
      return;
    }
    try {
      const user = await verifyCode({
        email: data.studentEmail,
        personalEmail: data.personalEmail,
        otp,
      }).unwrap();
      storeUser(user);
      keptVerificationData.clear();
      setVerified(true);
    } catch {
      // SPEC §8: the same text whatever the server says.
      notify('Verification Failed', 'Invalid verification code. Please try again.', 'error');
    }
  };

  const resend = async () => {
    try {
      await requestCode({
        institution: data.institution,
        email: data.studentEmail,
        personalEmail: data.personalEmail,
      }).unwrap();
      notify('Code Resent', `A new verification code has been sent to ${data.studentEmail}.`, 'success');
    } catch {
      notify('Resend Failed', 'Failed to resend verification code. Please try again.', 'error');
    }
  };

  if (verified) {
    return (
      <FormPage title="Student Status Verified!" documentTitle="Verified" icon={<VerifiedOutlined />}>
        <Typography role="status" sx={{ textAlign: 'center' }}>
          You now have access to exclusive student offers. Taking you to the offers...
        </Typography>
      </FormPage>
    );
  }

  return (
    <FormPage
      title="Verify Your Student Email"
      icon={<MarkEmailUnreadOutlined />}
      subtitle={
        <>
          Enter the 6-digit code we sent to <strong>{data.studentEmail}</strong>
        </>
      }
    >
      <Form<{ otp?: string }>
        onSubmit={onSubmit}
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
          </form>
        )}
      />
      <Stack sx={{ mt: 2, gap: 1, alignItems: 'center' }}>
        <Button onClick={resend} disabled={resending}>
          {resending ? 'Sending...' : 'Resend Verification Code'}
        </Button>
        <Typography>
          <Link component={RouterLink} to={paths.studentVerification}>
            Back to Email Verification
          </Link>
        </Typography>
      </Stack>
    </FormPage>
  );
}
