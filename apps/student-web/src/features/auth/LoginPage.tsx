import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form } from 'react-final-form';
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

export const LOGIN_FAILED_DEFAULT = 'Invalid email or password. Please try again.';

/** SPEC §2 /login. */
export function LoginPage() {
  const [login] = useLoginMutation();
  const navigate = useNavigate();
  const location = useLocation();

  const onSubmit = (values: LoginForm) =>
    submitting(
      async () => {
        const user = await login({ email: values.email.trim(), password: values.password }).unwrap();
        storeUser(user);
        notify('Login Successful!', `Welcome back, ${user.firstName}.`, 'success');
        navigate(returnPathOf(location.state), { replace: true });
      },
      (error) => notify('Login Failed', serverMessage(error) ?? LOGIN_FAILED_DEFAULT, 'error'),
    );

  return (
    <FormPage title="Welcome Back" documentTitle="Log in" subtitle="Sign in to access your student offers">
      <Form<LoginForm>
        onSubmit={onSubmit}
        validate={validateWith(loginForm)}
        render={({ handleSubmit, submitting: busy }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextInput name="email" label="Email" type="email" autoComplete="email" required />
            <PasswordInput name="password" label="Password" required />
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
              <Link component={RouterLink} to={paths.forgotPassword}>
                Forgot password?
              </Link>
            </Stack>
            <SubmitButton busy={busy} busyLabel="Signing in..." fullWidth>
              Log in
            </SubmitButton>
          </form>
        )}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Don&apos;t have an account?{' '}
        <Link component={RouterLink} to={paths.signup}>
          Sign up
        </Link>
      </Typography>
      <Typography sx={{ mt: 1, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.home}>
          Back to Home
        </Link>
      </Typography>
    </FormPage>
  );
}
