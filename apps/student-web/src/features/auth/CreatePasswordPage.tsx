import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { paths } from '../../app/paths';
import { FormPage } from '@tullab/web-kit/components/FormPage';
import { submitting } from '@tullab/web-kit/forms/validate';
import { useRegisterMutation } from './api';
import { NewPasswordForm } from '@tullab/web-kit/account/NewPasswordForm';
import type { CreatePasswordForm } from '@tullab/web-kit/account/schemas';
import { keptSignupData } from './signup-data';
import { storeUser } from '@tullab/web-kit/session/stored-user';

/** The catalogue key of the 'Registration Failed' text when the server gave none. */
export const REGISTRATION_FAILED_DEFAULT = 'auth:createPassword.toast.failedMessage';

/**
 * SPEC §2 /create-password: registers the kept signup details as a student. The server signs the new account in,
 * so the next screen, /student-verification, has a user.
 */
export function CreatePasswordPage() {
  const { t } = useTranslation('auth');
  const signup = useMemo(() => keptSignupData.read(), []);
  const [register] = useRegisterMutation();
  const navigate = useNavigate();

  if (!signup) return <Navigate to={paths.signup} replace />;

  const onSubmit = (values: CreatePasswordForm) =>
    submitting(
      async () => {
        const user = await register({ ...signup, password: values.password, role: 'student' }).unwrap();
        storeUser(user);
        keptSignupData.clear();
        notify(t('createPassword.toast.successTitle'), t('createPassword.toast.successMessage'), 'success');
        navigate(paths.studentVerification, { replace: true });
      },
      // A server's message is shown as it came (English for now).
      (error) =>
        notify(
          t('createPassword.toast.failedTitle'),
          serverMessage(error) ?? t(REGISTRATION_FAILED_DEFAULT),
          'error',
        ),
    );

  return (
    <FormPage title={t('createPassword.title')} subtitle={t('createPassword.subtitle')}>
      <Alert severity="info" icon={false} sx={{ mb: 2 }}>
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {signup.firstName} {signup.lastName}
        </Typography>
        <Typography component="p" variant="body2">
          {signup.email}
        </Typography>
      </Alert>
      <NewPasswordForm
        onSubmit={onSubmit}
        submitLabel={t('createPassword.submit')}
        busyLabel={t('createPassword.busy')}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.signup}>
          {t('createPassword.back')}
        </Link>
      </Typography>
    </FormPage>
  );
}
