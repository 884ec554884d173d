import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { serverMessage } from '../../app/api';
import { notify } from '../../app/notify';
import { paths } from '../../app/paths';
import { FormPage } from '../../components/FormPage';
import { PasswordInput } from '../../components/forms/PasswordInput';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { TextInput } from '../../components/forms/TextInput';
import { submitting, validateWith } from '../../components/forms/validate';
import { useLoginMutation } from './api';
import { returnPathOf } from './return-to';
import { loginForm, type LoginForm } from './schemas';
import { storeUser } from './stored-user';

/** The catalogue key of the 'Login Failed' text when the server gave none. */
export const LOGIN_FAILED_DEFAULT = 'auth:login.toast.failedMessage';

/** SPEC §2 /login. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [login] = useLoginMutation();
  const navigate = useNavigate();
  const location = useLocation();

  const onSubmit = (values: LoginForm) =>
    submitting(
      async () => {
        const user = await login({ email: values.email.trim(), password: values.password }).unwrap();
        storeUser(user);
        notify(
          t('login.toast.successTitle'),
          t('login.toast.successMessage', { name: user.firstName }),
          'success',
        );
        navigate(returnPathOf(location.state), { replace: true });
      },
      // A server's message is shown as it came (English for now).
      (error) =>
        notify(t('login.toast.failedTitle'), serverMessage(error) ?? t(LOGIN_FAILED_DEFAULT), 'error'),
    );

  return (
    <FormPage
      title={t('login.title')}
      documentTitle={t('login.documentTitle')}
      subtitle={t('login.subtitle')}
    >
      <Form<LoginForm>
        onSubmit={onSubmit}
        validate={validateWith(loginForm)}
        render={({ handleSubmit, submitting: busy }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextInput name="email" label={t('fields.email')} type="email" autoComplete="email" required />
            <PasswordInput name="password" label={t('fields.password')} required />
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
              <Link component={RouterLink} to={paths.forgotPassword}>
                {t('login.forgotPassword')}
              </Link>
            </Stack>
            <SubmitButton busy={busy} busyLabel={t('login.busy')} fullWidth>
              {t('login.submit')}
            </SubmitButton>
          </form>
        )}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('login.noAccount')}{' '}
        <Link component={RouterLink} to={paths.signup}>
          {t('login.signUp')}
        </Link>
      </Typography>
      <Typography sx={{ mt: 1, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.home}>
          {t('login.backHome')}
        </Link>
      </Typography>
    </FormPage>
  );
}
