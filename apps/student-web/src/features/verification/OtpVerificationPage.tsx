import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { notify } from '@tullab/web-kit/notify';
import { paths } from '../../app/paths';
import { FormPage } from '@tullab/web-kit/components/FormPage';
import { OTP_LENGTH, OtpField } from '../../components/forms/OtpInput';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { RequireSignIn } from '../auth/RequireSignIn';
import { storeUser } from '@tullab/web-kit/session/stored-user';
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
  const { t } = useTranslation('verification');
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
      notify(t('otp.toast.incompleteTitle'), t('otp.toast.incompleteMessage'), 'error');
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
      notify(t('otp.toast.failedTitle'), t('otp.toast.failedMessage'), 'error');
    }
  };

  const resend = async () => {
    try {
      await requestCode({
        institution: data.institution,
        email: data.studentEmail,
        personalEmail: data.personalEmail,
      }).unwrap();
      notify(
        t('otp.toast.resentTitle'),
        t('otp.toast.resentMessage', { email: data.studentEmail }),
        'success',
      );
    } catch {
      notify(t('otp.toast.resendFailedTitle'), t('otp.toast.resendFailedMessage'), 'error');
    }
  };

  if (verified) {
    return (
      <FormPage
        title={t('otp.verified.title')}
        documentTitle={t('otp.verified.documentTitle')}
        icon={<VerifiedOutlined />}
      >
        <Typography role="status" sx={{ textAlign: 'center' }}>
          {t('otp.verified.message')}
        </Typography>
      </FormPage>
    );
  }

  return (
    <FormPage
      title={t('otp.title')}
      icon={<MarkEmailUnreadOutlined />}
      subtitle={
        <Trans
          t={t}
          i18nKey="otp.subtitle"
          values={{ email: data.studentEmail }}
          components={{ strong: <strong dir="ltr" /> }}
        />
      }
    >
      <Form<{ otp?: string }>
        onSubmit={onSubmit}
        render={({ handleSubmit, submitting: busy, values }) => (
          <form onSubmit={handleSubmit} noValidate>
            <OtpField name="otp" label={t('code')} autoFocus />
            <SubmitButton
              busy={busy}
              busyLabel={t('otp.busy')}
              disabled={(values.otp ?? '').length !== OTP_LENGTH}
              fullWidth
            >
              {t('otp.submit')}
            </SubmitButton>
          </form>
        )}
      />
      <Stack sx={{ mt: 2, gap: 1, alignItems: 'center' }}>
        <Button onClick={resend} disabled={resending}>
          {resending ? t('sending') : t('otp.resend')}
        </Button>
        <Typography>
          <Link component={RouterLink} to={paths.studentVerification}>
            {t('backToEmail')}
          </Link>
        </Typography>
      </Stack>
    </FormPage>
  );
}
